// The players' names on the sides (docs/WEB.md): the page's "Names" form. On the web board the
// firmware keeps them (webmain.Runner.set_names); on a PicoPeg W's live view a paired phone
// sends them to the board as one entry ({"kind": "names"}: docs/WIFI.md, Entries). A name is
// at most 16 bytes (the board's display is 16 columns wide: it shows what fits there); the
// board checks it again and says why it cannot keep one.
// SPDX-License-Identifier: MIT

const SIDES = "ABCD";
const MAX_BYTES = 16;

export class NamesForm {
  // form: the <form id="names">; button: the header's Names button;
  // current(): the names now and how many sides play, {names: [...], sides: n};
  // save(list): what the board said ("" when kept), or its promise.
  constructor(form, button, current, save) {
    this.form = form;
    this.current = current;
    this.save = save;
    this.inputs = [...form.querySelectorAll("input[data-name-side]")];
    this.note = form.querySelector("[data-names-note]");
    button.addEventListener("click", () => (form.hidden ? this.open() : this.close()));
    form.querySelector("[data-action=names-cancel]").addEventListener("click", () => this.close());
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
  }

  open() {
    const { names, sides } = this.current();
    this.inputs.forEach((input, i) => {
      input.value = names[i] || "";
      input.closest("label").hidden = i >= sides;
    });
    this.note.textContent = "";
    this.form.hidden = false;
    this.inputs[0].focus();
  }

  close() {
    this.form.hidden = true;
  }

  async submit() {
    const { sides } = this.current();
    const list = this.inputs.slice(0, sides).map((i) => i.value.trim());
    const long = list.findIndex((n) => new TextEncoder().encode(n).length > MAX_BYTES);
    if (long >= 0) {
      this.note.textContent = `${SIDES[long]}: at most ${MAX_BYTES} letters (fewer with accents)`;
      return;
    }
    const said = await this.save(list);
    if (said) this.note.textContent = said;
    else this.close();
  }
}
