"""A PC tool run as a child process for the tests and benchmarks (a served board, the club's
hub): stopped politely, or killed outright as a power cut kills it.

    class Served(Child):
        def start(self): self.proc = subprocess.Popen(..., stdout=subprocess.PIPE); ...
    with Served() as s: ...          # start() ... stop()
    s.kill()                         # SIGKILL: nothing shut down, nothing flushed

SPDX-License-Identifier: MIT
"""

import os
import signal
import subprocess


class Child:
    """start() sets ``proc`` (a Popen with its stdout piped); the rest is here."""

    proc = None

    def start(self):
        raise NotImplementedError

    def stop(self):
        """Terminate (and kill if it will not go); its stdout closed."""
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc.stdout.close()
            self.proc = None

    def kill(self):
        """The power cut: the process killed outright (SIGKILL), nothing shut down."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.proc.stdout.close()
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
