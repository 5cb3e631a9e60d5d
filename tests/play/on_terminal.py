#!/usr/bin/env python3
"""Runs a command with a terminal (a pseudo-terminal) as its standard input, as a person at the keyboard
would, after typing INPUT into it; standard output and error stay as they are (files, pipes). Exits
with the command's status.

    on_terminal.py INPUT COMMAND [ARGS...]      (INPUT with \\n for Enter)
"""
import os
import pty
import subprocess
import sys

master, slave = pty.openpty()
os.write(master, sys.argv[1].encode().decode("unicode_escape").encode())
status = subprocess.run(sys.argv[2:], stdin=slave).returncode
os.close(slave)
os.close(master)
sys.exit(status)
