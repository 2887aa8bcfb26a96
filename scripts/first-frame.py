#!/usr/bin/env python3
"""first-frame.py - how long the game screen takes from start to its first
frame: tdchess runs on a pseudo-terminal of 120x40 (TERM=xterm-256color)
and the time is taken from just before the fork to the moment the status
line's "to move" arrives on the terminal; the best of RUNS runs (default
7) is printed, as other work on the machine only ever adds to it.

    scripts/first-frame.py [PROGRAM [RUNS]]      (PROGRAM: src/tdchess)
"""
import fcntl, os, pty, select, struct, sys, tempfile, termios, time

prog = sys.argv[1] if len(sys.argv) > 1 else "src/tdchess"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7


def once(data):
    env = dict(os.environ, TERM="xterm-256color", LC_ALL="C.UTF-8", XDG_DATA_HOME=data)
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.execve(prog, [prog, "-m", "two-humans"], env)
    seen = b""
    try:
        while b"to move" not in seen:
            r, _, _ = select.select([fd], [], [], 10)
            if not r:
                raise SystemExit("first-frame: no frame in 10 s")
            seen += os.read(fd, 65536)
        return (time.monotonic() - start) * 1000
    finally:
        os.write(fd, b"quit\r")
        os.waitpid(pid, 0)
        os.close(fd)


with tempfile.TemporaryDirectory() as data:
    times = [once(data) for _ in range(runs)]
print("first frame: best %.1f ms of %d runs (all: %s)"
      % (min(times), runs, " ".join("%.0f" % t for t in times)))
