#!/usr/bin/env bash
# Enable Debian's backports suite by copying the mirror of the machine's existing Debian
# source entry (deb822 .sources or one-line sources.list), so no host name is hard-coded.
set -euo pipefail
codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
target=/etc/apt/sources.list.d/picopeg-backports.sources
if grep -rqs -- "${codename}-backports" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  exit 0
fi
uri=""
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  # The first stanza that serves the plain "<codename>" suite is the main Debian entry.
  uri=$(awk -v c="$codename" '
    /^URIs:/ {u=$2} /^Suites:/ {for (i=2;i<=NF;i++) if ($i==c) found=1}
    /^$/ {if (found && u && !done) {print u; done=1} found=0; u=""}
    END {if (found && u && !done) print u}' "$f")
  [ -n "$uri" ] && break
done
if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
  uri=$(awk -v c="$codename" '$1=="deb" && $3==c {print $2; exit}' /etc/apt/sources.list)
fi
if [ -z "$uri" ]; then
  echo "enable_backports: no Debian source entry for '$codename' found; cannot derive backports" >&2
  exit 1
fi
printf 'Types: deb\nURIs: %s\nSuites: %s-backports\nComponents: main\nSigned-By: %s\n' \
  "$uri" "$codename" "$keyring" > "$target"
echo "enabled ${codename}-backports from the existing Debian source entry"
