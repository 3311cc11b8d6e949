"""Play by replying to mail: signed reply addresses, reply text, commands and the listeners.

address   signed Reply-To addresses naming game, seat and move (or an invitation)
headers   Reply-To, threading and unsubscribe headers added to every outgoing game mail
parse     reading a received message: sender, auto-reply signs, the reply text
dispatch  one received message -> moves and commands through the ordinary move path
listeners SMTP/LMTP (aiosmtpd), one message on stdin, IMAP polling
"""
