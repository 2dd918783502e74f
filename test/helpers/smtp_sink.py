"""An aiosmtpd handler for tests: each message received is written, with its envelope, as one JSON file in a directory.

Run by Debian's aiosmtpd (python3-aiosmtpd):
  PYTHONPATH=test/helpers /usr/bin/aiosmtpd -n -l 127.0.0.1:PORT -c smtp_sink.MailDir DIRECTORY
"""
import json
import os
import time


class MailDir:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0

    @classmethod
    def from_cli(cls, parser, *args):
        if len(args) != 1:
            parser.error("MailDir takes one argument: the directory to write messages to")
        return cls(args[0])

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        record = {
            "mailFrom": envelope.mail_from,
            "rcptTos": list(envelope.rcpt_tos),
            "data": envelope.content.decode("utf8", errors="replace"),
        }
        name = "%d-%06d.json" % (int(time.time() * 1000), self.count)
        # Written then renamed, so a reader never sees half a message.
        partial = os.path.join(self.directory, name + ".part")
        with open(partial, "w", encoding="utf8") as out:
            json.dump(record, out)
        os.rename(partial, os.path.join(self.directory, name))
        return "250 Message accepted"
