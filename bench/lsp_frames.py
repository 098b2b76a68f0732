"""The one reader of the language server's stdout the bench/ clients share: the message bodies
of a `Content-Length` framed stream, each yielded as soon as its last byte is read (the callers
stamp the time there), until the stream ends."""


def bodies(stream):
    while True:
        length = None
        while True:
            line = stream.readline()
            if not line:
                return
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        yield stream.read(length)
