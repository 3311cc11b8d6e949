"""Finding the reply text in mail as real mail programs write it, and the reply address."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from peewee import CharField, Model, SqliteDatabase
from playhouse.migrate import SqliteMigrator

from server.notify import reply_addresses
from server.mailin.parse import read

CONFIG = {"REPLY_ADDRESS": "turns@play.example.org", "SECRET_KEY": "k" * 32, "MAIL_FROM": "herald@play.example.org"}

ATTRIBUTIONS = {
    "english": "On Mon, 23 Nov 2026 at 11:30, Herald <herald@play.example.org> wrote:",
    "swedish": "Den mån 23 nov. 2026 kl 11:30 skrev Herald <herald@play.example.org>:",
    "dutch": "Op ma 23 nov. 2026 om 11:30 schreef Herald <herald@play.example.org>:",
    "spanish": "El lun, 23 nov 2026 a las 11:30, Herald (<herald@play.example.org>) escribió:",
    "russian": "23 нояб. 2026 г., в 11:30, Herald <herald@play.example.org> написал(а):",
    "hungarian": "Herald <herald@play.example.org> ezt írta (időpont: 2026. nov. 23., H, 11:30):",
    "russian, gmail": "пн, 23 нояб. 2026 г. в 11:30, Herald <herald@play.example.org>:",  # no verb at all
    "russian, yandex": '23.11.2026, 11:30, "Herald" <herald@play.example.org>:',
    "dutch, apple mail": "Op 23 nov. 2026 om 11:30 heeft Herald <herald@play.example.org> het volgende geschreven:",
}


def mail(body: str, subtype: str = "plain", subject: str = "Re: [Herald] Game #1: your move") -> bytes:
    return (f"From: Ana <Ana@Example.org>\r\nTo: x@y\r\nSubject: {subject}\r\nMessage-ID: <m@x>\r\n"
            f"Content-Type: text/{subtype}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
            f"{body}").encode()


@pytest.mark.parametrize("language", sorted(ATTRIBUTIONS))
def test_quoted_history_in_the_players_languages_is_cut(language):
    body = f"attack 1/W1 V5\npass\n\n{ATTRIBUTIONS[language]}\n> Your turn\n> attack 1/W2 V6\n"
    received = read(mail(body))
    assert received.lines() == ["attack 1/W1 V5", "pass"] and received.sender == "ana@example.org"


def test_signature_and_html_only_mail():
    assert read(mail("buy V37\n\n-- \nAna\nattack 1/W1 V9\n")).lines() == ["buy V37"]
    html = "<div>buy&nbsp;V37</div><div><br></div><blockquote>attack 1/W1 V9</blockquote>"
    assert read(mail(html, "html")).lines() == ["buy V37"]


def test_the_subject_alone_is_read_but_not_herald_own_subject():
    assert read(mail("", subject="Re: pass")).lines() == ["pass"]
    assert read(mail("", subject="SV: [Herald] Game #1: your move")).lines() == []


def test_reply_addresses_are_signed_and_survive_a_change_of_case():
    """An address names the game, the seat, the move and the player it went to, all signed."""
    signed = reply_addresses.reply_address(CONFIG, 7, 2, 41, 12)
    assert ".p12." in signed
    assert reply_addresses.find_target(CONFIG, [signed.upper()], None) == reply_addresses.ReplyTarget(7, 2, 41,
                                                                                                      holder=12)
    for altered in (signed.replace("g7.", "g8."), signed.replace(".s2.", ".s1."), signed.replace(".m41.", ".m42."),
                    signed.replace(".p12.", ".p13."), signed.replace(".p12.", ".")):
        with pytest.raises(reply_addresses.ForgedAddress):
            reply_addresses.find_target(CONFIG, [altered], None)
    other_key = reply_addresses.reply_address({**CONFIG, "SECRET_KEY": "other" * 8}, 7, 2, 41, 12)
    with pytest.raises(reply_addresses.ForgedAddress):
        reply_addresses.find_target(CONFIG, [other_key], None)
    assert reply_addresses.find_target(CONFIG, ["someone@play.example.org", "turns@elsewhere.org"], None) is None


def test_migration_m0030_adds_the_mail_setting_and_the_inbound_table(tmp_path):
    db = SqliteDatabase(str(tmp_path / "old.db"))

    class Player(Model):  # the players table as it was before
        name = CharField()

        class Meta:
            database = db
            table_name = "players"

    db.create_tables([Player])
    Player.create(name="ana")
    path = Path(__file__).resolve().parents[2] / "server" / "store" / "migrations" / "m0030_mail_in.py"
    spec = importlib.util.spec_from_file_location("m0030_mail_in", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from server.store.db import database

    database.initialize(db)
    module.up(SqliteMigrator(db), db)
    assert "mail" in [c.name for c in db.get_columns("players")]
    assert db.execute_sql("SELECT mail FROM players").fetchone() == ("turns",)
    assert "inbound_mail" in db.get_tables()


@pytest.mark.parametrize("body", [
    "pass\n\nCheers, Ben\n",
    "pass\n\nCheers,\nBen\n",
    "pass\n\nThanks!\n-- \nBen\n",
    "pass\n\nSent from my phone\n",
    "pass\n\nSent from my iPhone\n",
    "pass\nBest regards,\nBen Smith\n",
    "pass\nthx\n-Ben\n",
    f"{ATTRIBUTIONS['english']}\n> Your turn\n> attack 1/W2 V6\n\npass\n",  # bottom-posted
    f"{ATTRIBUTIONS['swedish']}\n> Your turn\n\npass\n\nCheers, Ben\n",
    "> Now: your turn\n> attack 1/W2 V6\n\npass\n",
    "On Mon, 23 Nov 2026 at 11:30, Herald <\nherald@play.example.org> wrote:\n> Your turn\n\npass\n",
])
def test_sign_offs_and_quoted_history_above_or_below_are_not_read(body):
    """Issue 26: what a mail program or a polite player adds is not a move."""
    assert read(mail(body)).lines() == ["pass"]


ORIGINAL = "\n\nYour turn\nattack 1/W2 V6\n"  # Outlook quotes the original without '>'


@pytest.mark.parametrize("body", [
    "pass\n\nСпасибо!\nОльга\n", "pass\n\nС уважением,\nОльга\n", "pass\n\nОтправлено с iPhone\n",
    "pass\n\nОтправлено из мобильной Почты Mail.ru\n", "pass\n\nÜdvözlettel,\nHanna\n", "pass\n\nKöszi!\n",
    "pass\n\nAz iPhone-omról küldve\n", "pass\n\nUn saludo,\nLucía\n", "pass\n\nGracias\n",
    "pass\n\nGroetjes,\nDaan\n", "pass\n\nBedankt!\n", "pass\n\nVerstuurd vanaf mijn iPhone\n", "pass\n\nTack!\nStina\n",
    "pass\n\n________________________________\nОт: Herald <herald@play.example.org>\nОтправлено: 23 ноября 2026 г. "
    "11:30\nКому: Ana\nТема: [Herald] Game #1" + ORIGINAL,
    "pass\n\n-----Eredeti üzenet-----\nFeladó: Herald <herald@play.example.org>\nElküldve: 2026. november 23., "
    "hétfő 11:30\nCímzett: Ana\nTárgy: [Herald] Game #1" + ORIGINAL,
])
def test_what_mail_programs_add_in_the_players_languages_is_not_read(body):
    """Sign-offs, phone footers and Outlook's header block before an unquoted original, in the
    languages Herald speaks (the reply parser knows English, Swedish, Dutch and Spanish headers,
    not Russian or Hungarian ones): only the move is read, not a refused line after it."""
    assert read(mail(body)).lines() == ["pass"]


DUTCH_GMAIL_WRAPPED = "Op ma 23 nov 2026 om 11:30 schreef Herald play-by-mail <\nherald@play.example.org>:"


@pytest.mark.parametrize("body", [
    f"{ATTRIBUTIONS['dutch, apple mail']}\n\n> Your turn\n> attack 1/W2 V6\n\npass\n",  # bottom-posted
    f"pass\n\n{DUTCH_GMAIL_WRAPPED}\n\n> Your turn\n> attack 1/W2 V6\n",
    f"{DUTCH_GMAIL_WRAPPED}\n\n> Your turn\n> attack 1/W2 V6\n\npass\n",
    "pass\n\nDen mån 23 nov. 2026 kl 11:30 skrev Herald play-by-mail <\nherald@play.example.org>:\n> Your turn\n",
    "Den mån 23 nov. 2026 kl 11:30 skrev Herald play-by-mail <\nherald@play.example.org>:\n> Your turn\n\npass\n",
])
def test_a_dutch_attribution_from_apple_mail_or_wrapped_by_gmail_is_not_read(body):
    """Apple Mail's Dutch "Op ... heeft Herald <...> het volgende geschreven:", and Gmail's
    "Op ... schreef Herald play-by-mail <" wrapped before the address, above or below the move:
    the attribution was refused as the move 'op'."""
    assert read(mail(body)).lines() == ["pass"]


SIGN_OFFS = ["Med vänliga hälsningar", "Vänlig hälsning", "Kram", "Met vriendelijke groeten",
             "Vriendelijke groet", "Vriendelijke groeten", "Mvg", "Hartelijke groeten", "Un cordial saludo",
             "Cordialmente", "Atte.", "Abrazos", "Besos", "¡Saludos!", "¡Gracias!"]
FOOTERS = ["Hämta Outlook för iOS", "Skickades från E-post för Windows", "Skickat från Outlook för Android",
           "Outlook voor iOS downloaden", "Verzonden vanuit Mail voor Windows", "Verzonden vanuit Outlook voor Android",
           "Obtener Outlook para iOS", "Enviado desde Correo para Windows", "Enviado desde Outlook para Android",
           "Enviado desde Yahoo Mail"]


@pytest.mark.parametrize("name", ["", ",\nAnna", "\nAnna"])
@pytest.mark.parametrize("sign_off", SIGN_OFFS)
def test_sign_offs_in_swedish_dutch_and_spanish_are_not_read(sign_off, name):
    """A sign-off at the end, alone or with a name after it, as Swedish, Dutch and Spanish players
    write it ("¡Saludos!" with its opening mark too)."""
    assert read(mail(f"pass\n\n{sign_off}{name}\n")).lines() == ["pass"]


@pytest.mark.parametrize("ending", ["Köszi!\nÜdv,\nÁdám\nAz iPhone-omról küldve",
                                    "Спасибо!\nС уважением, Ольга", "Thanks!\nBest,\nAna\nSent from my iPhone",
                                    "Tack!\nMvh\nStina"])
def test_two_sign_offs_and_a_footer_in_a_row_are_not_read(ending):
    """A thanks, then a greeting, a name and the phone's footer: the whole ending is left out,
    not only its last block (the thanks was refused as a move)."""
    assert read(mail(f"pass\n\n{ending}\n")).lines() == ["pass"]


@pytest.mark.parametrize("ending", ["Saludos cordiales,\nCarmen García\nTel. +34 600 123 456",
                                    "Met vriendelijke groet,\n\nSanne de Vries\nTel: 06 1234 5678",
                                    "Best,\nAna Lind\nProduct Manager\n+46 70 123 45 67\nana@example.se\nwww.example.se"])
def test_a_signature_with_a_phone_and_an_address_is_not_read(ending):
    """A business signature under the sign-off (name, title, phone, address, web page) was read
    as a second move: 'Saludos cordiales,' was refused, though the move above it was played."""
    assert read(mail(f"pass\n\n{ending}\n")).lines() == ["pass"]


GREETINGS = ["Hi Herald,", "Hello!", "Dear Herald team,", "Good morning!", "Hej!", "Hejsan Ana!", "God morgon,",
             "Привет!", "Здравствуйте, Ольга!", "Добрый день,", "Hallo,", "Hoi Sanne!", "Goedemorgen,", "¡Hola!",
             "¡Hola, Ben!", "Buenos días:", "Buenas tardes,", "Szia!", "Sziasztok!", "Kedves Herald!", "Jó napot,"]


@pytest.mark.parametrize("greeting", GREETINGS)
def test_a_greeting_on_top_is_not_read(greeting):
    """A greeting above the reply, in the players' languages, with a name after it or not: it
    was read as a move and stopped the reply ("¡Hola!" above "join" took no seat)."""
    assert read(mail(f"{greeting}\n\npass\n\nUn saludo,\nBen\n")).lines() == ["pass"]
    assert read(mail(f"{greeting}\nGood morning!\npass\n")).lines() == ["pass"]  # two lines of it


@pytest.mark.parametrize("body", ["pass\nHi!\n", "Hi 1/W1\npass\n", "hello there friend, attack 1/W1\npass\n"])
def test_only_a_greeting_on_the_first_lines_is_left_out(body):
    """A greeting below a move, or a line with a digit or a slash after the greeting word, is read
    as written (and refused, if it is no move)."""
    assert read(mail(body)).lines() == [line for line in body.splitlines() if line]


def test_a_move_after_a_sign_off_is_still_read():
    """A line that is a move (digits with letters, a slash) is never taken for a signature."""
    assert read(mail("pass\n\nThanks!\nattack 1/W1 V18\n")).lines()[-1] == "attack 1/W1 V18"


@pytest.mark.parametrize("footer", FOOTERS)
def test_mail_program_footers_in_swedish_dutch_and_spanish_are_not_read(footer):
    """Outlook's, Windows Mail's and Yahoo's footers in the players' languages, not only the phone's."""
    assert read(mail(f"pass\n\n{footer}\n")).lines() == ["pass"]


@pytest.mark.parametrize("block", [
    "De: Herald <herald@play.example.org>\nEnviado el: lunes, 23 de noviembre de 2026 11:30\nPara: Ana\n"
    "Asunto: [Herald] Game #1",
    "-----Mensaje original-----\nDe: Herald <herald@play.example.org>\nEnviado el: lunes, 23 de noviembre de 2026 "
    "11:30\nPara: Ana\nAsunto: [Herald] Game #1",
    "________________________________\nFrån: Herald <herald@play.example.org>\nSkickat: den 23 november 2026 11:30\n"
    "Till: Ana\nÄmne: [Herald] Game #1",
    "-----Oorspronkelijk bericht-----\nVan: Herald <herald@play.example.org>\nVerzonden: maandag 23 november 2026 "
    "11:30\nAan: Ana\nOnderwerp: [Herald] Game #1",
])
def test_an_outlook_header_block_in_spanish_swedish_and_dutch_is_cut(block):
    """Spanish Outlook writes "Enviado el:", not "Enviado:", under "De:": the block and the
    original after it were read as moves."""
    assert read(mail(f"pass\n\n{block}{ORIGINAL}")).lines() == ["pass"]


@pytest.mark.parametrize("body, lines", [
    ("“attack 1/W1 V18”\n", ["attack 1/W1 V18"]),
    ("‘pass’\n", ["pass"]),
    ("«pass»\n", ["pass"]),
    ('"pass"\n', ["pass"]),
    ("”pass”\n", ["pass"]),  # Swedish
    ("„pass“\n", ["pass"]),
    ("“castle K1.”\n", ["castle K1"]),
    ("attack 1/W1 V18\u200b\n", ["attack 1/W1 V18"]),
    ("\ufeffpass\n", ["pass"]),
    ("buy\u2060 V37\n", ["buy V37"]),
    ("pa\u200css\u200d\n", ["pass"]),
    ("\u200b\npass\n", ["pass"]),
    ("\ufeff> Your turn\n> attack 1/W2 V6\n\npass\n", ["pass"]),  # nor do they hide a quote,
    ("pass\n\n\u200bCheers,\nBen\n", ["pass"]),  # a sign-off
    ("pass\n\nThanks!\u200b\n", ["pass"]),
    ("pass\n\u200b-- \nBen 1/2\n", ["pass"]),  # or a signature
])
def test_typographic_quotes_and_invisible_characters_around_a_move_are_left_out(body, lines):
    """Mail programs turn quote marks typographic and leave invisible characters (zero-width
    space, joiners, word joiner, BOM) in a line: the move was refused as "unknown move '“attack'"."""
    assert read(mail(body)).lines() == lines


def test_a_header_like_line_alone_is_still_read():
    """A 'From:' without the 'Sent:' of a header block is no quote: the reply keeps it."""
    assert read(mail("pass\nDe: x\n")).lines() == ["pass", "De: x"]


def test_a_move_after_a_closing_word_is_still_read():
    assert read(mail("pass\nThanks!\nattack 1/W1 V5\n")).lines() == ["pass", "Thanks!", "attack 1/W1 V5"]
    assert read(mail("pass\nKram\nattack 1/W1 V5\n")).lines() == ["pass", "Kram", "attack 1/W1 V5"]
    assert read(mail("pass\n¡Saludos! 1/W1\n")).lines() == ["pass", "¡Saludos! 1/W1"]
    assert read(mail("it's mine\n")).lines() == ["it's mine"]  # no pair of quote marks around it


@pytest.mark.parametrize("subject", ["Out of Office: away", "Autosvar: Frånvarande", "Automatikus válasz: Házon kívül",
                                     "Házon kívül", "Автоматический ответ: в отпуске", "Afwezig: tot maandag",
                                     "Respuesta automática: fuera de la oficina", "Fuera de la oficina"])
def test_an_auto_reply_is_known_by_its_subject_in_the_players_languages(subject):
    """An auto-reply without Auto-Submitted or Precedence headers is still known by its subject, in
    every language Herald speaks, and is neither played nor answered."""
    from server.mailin.parse import robot_reason

    assert robot_reason(read(mail("pass\n", subject=subject)), "ana@example.org", lambda address: False)
    assert robot_reason(read(mail("pass\n")), "ana@example.org", lambda address: False) is None


def test_headers_in_raw_utf8_are_read_as_utf8():
    """Mail under RFC 6532 (SMTPUTF8) carries its headers as raw UTF-8, not RFC 2047 words: a
    Russian subject or sender's name was read as U+FFFD, and an answer's subject said
    'Re: ... ��� ���'. Encoded words read as before; a byte that is no UTF-8 becomes U+FFFD."""
    raw = ("From: Ольга <Olga@Example.org>\r\nTo: x@y\r\nSubject: Re: [Herald] Wizard's Quest #1: ваш ход\r\n"
           "Message-ID: <m@x>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\npass\r\n").encode()
    received = read(raw)
    assert received.subject == "Re: [Herald] Wizard's Quest #1: ваш ход" and received.sender == "olga@example.org"
    encoded = read(b"From: =?utf-8?b?0J7Qu9GM0LPQsA==?= <olga@example.org>\r\n"
                   b"Subject: =?utf-8?q?Re=3A_=D0=B2=D0=B0=D1=88_=D1=85=D0=BE=D0=B4?=\r\n\r\npass\r\n")
    assert encoded.subject == "Re: ваш ход" and encoded.sender == "olga@example.org"
    assert read(b"From: a@example.org\r\nSubject: caf\xe9\r\n\r\npass\r\n").subject == "caf\ufffd"


@pytest.mark.parametrize("labels", [("From", "Sent"), ("Feladó", "Elküldve"), ("От", "Отправлено"),
                                    ("Från", "Skickat"), ("Van", "Verzonden"), ("De", "Enviado")])
def test_an_html_only_outlook_reply_reads_only_the_move(labels):
    """Outlook's HTML reply: the move, a rule (<hr>), the original's header block in bold labels,
    then the original unquoted. Read as text, the rule came out as '* * *' and, in Russian and
    Hungarian, the '**От:**' block stayed: both were refused as moves after the move."""
    sender, sent = labels
    html = (f'<div>pass</div><div><br></div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg">'
            f'<font face="Calibri"><b>{sender}:</b> Herald &lt;herald@play.example.org&gt;<br><b>{sent}:</b> 23 nov '
            f'2026 11:30<br><b>To:</b> Ana<br><b>Subject:</b> [Herald] Game #1</font><div>&nbsp;</div></div>'
            f'<div>Your turn<br>attack 1/W2 V6</div>')
    assert read(mail(html, "html")).lines() == ["pass"]


def test_a_full_stop_ending_a_line_is_left_out():
    """A player writing a sentence ends it with a full stop ('castle K1.'); no move's notation
    ends with one, so it is left out, and an ellipsis stays as written."""
    assert read(mail("castle K1.\nattack 1/W1 V5 V25.\nhelp...\n")).lines() == [
        "castle K1", "attack 1/W1 V5 V25", "help..."]


def test_folded_headers_are_unfolded():
    """A header folded over lines (RFC 5322 2.2.3) is read as one line: a folded Message-ID kept
    its line break, and the answer, whose In-Reply-To repeats it, could not be written."""
    received = read(b"From: a@example.org\r\nMessage-ID: <fold@\r\n example.org>\r\nReferences: <r1@x>\r\n <r2@x>\r\n"
                    b"Subject: Re:\r\n hi\r\n\r\npass\r\n")
    assert "\r" not in received.message_id and "\n" not in received.message_id
    assert received.references == ["<r1@x>", "<r2@x>"] and received.subject == "Re: hi"


def test_the_sender_is_the_address_written_never_one_out_of_an_encoded_name():
    """An RFC 2047 word may only be a display name: "=?utf-8?q?alice=40example.org?=" before
    <mallory@evil.example> is mallory's mail, as SPF, DKIM and every mail program read it."""
    received = read(b"From: =?utf-8?q?alice=40example.org?= <mallory@evil.example>\r\nSubject: Re: x\r\n\r\npass\r\n")
    assert received.sender == "mallory@evil.example"
    assert read("From: Åsa <åsa@example.org>\r\nSubject: x\r\n\r\npass\r\n".encode()).sender == "åsa@example.org"


def test_codecs_that_make_half_characters_leave_none_behind():
    """A "charset" such as unicode-escape decodes to lone surrogates, which no database stores and
    no mail can carry: they read as U+FFFD, and such a Message-ID as none (the fingerprint knows it)."""
    received = read(b"From: a@example.org\r\nMessage-ID: =?unicode-escape?q?<\\udcff@x>?=\r\n"
                    b"Subject: =?raw-unicode-escape?q?hi \\udcff?=\r\n"
                    b"Content-Type: text/plain; charset=raw-unicode-escape\r\n\r\nsay hi \\udcff\r\n")
    assert received.message_id is None
    for text in (received.subject, received.text):
        assert not any(0xD800 <= ord(c) <= 0xDFFF for c in text) and "\ufffd" in text


@pytest.mark.parametrize("written", ["<a\x0bb@x>", "<a\x00b@x>", "=?utf-8?q?<a=0Ab@x>?=", "<a\u2028b@x>".encode().decode("latin-1")])
def test_a_message_id_no_header_could_carry_back_is_none(written):
    """A line-break, control or NUL character in a Message-ID: the answer's In-Reply-To could not
    repeat it, nor PostgreSQL store a NUL; the mail is known by its fingerprint instead."""
    raw = b"From: a@example.org\r\nMessage-ID: " + written.encode("latin-1") + b"\r\nSubject: x\r\n\r\npass\r\n"
    assert read(raw).message_id is None


def test_long_message_ids_that_share_a_beginning_stay_two():
    first, second = ("<" + "a" * 300 + tail + "@x>" for tail in ("1", "2"))
    ids = [read(f"From: a@example.org\r\nMessage-ID: {mid}\r\n\r\npass\r\n".encode()).message_id for mid in (first, second)]
    assert ids[0] != ids[1] and all(len(mid) <= 255 for mid in ids)


def test_a_reply_under_many_blank_lines_is_read_in_one_pass():
    """(Each blank line once looked at every line after it: a mail of blank lines held a listener
    for minutes.)"""
    from server.mailin.parse import _next_written

    assert _next_written(["a", "", " ", "b", ""]) == ["b", "b", "b", "", ""]
    assert read(mail("\n" * 20000 + "pass")).lines() == ["pass"]


def test_format_flowed_is_read_as_it_was_typed():
    """Thunderbird and Apple Mail send text format=flowed (RFC 3676): a soft-wrapped line is one line."""
    flowed = (b"From: a@example.org\r\nSubject: Re: x\r\nContent-Type: text/plain; charset=utf-8; format=flowed\r\n\r\n"
              b"say Shall we both attack cal's castle before \r\nthe dragon wakes?\r\n pass\r\n-- \r\nAna\r\n")
    assert read(flowed).lines() == ["say Shall we both attack cal's castle before the dragon wakes?", "pass"]
    deleted = flowed.replace(b"format=flowed", b"format=flowed; delsp=yes").replace(b"before \r\n", b"before  \r\n")
    assert read(deleted).lines()[0] == "say Shall we both attack cal's castle before the dragon wakes?"


def test_a_mail_laid_out_in_an_html_table_keeps_its_lines():
    """Mail programs lay a whole mail out in a table's cell: each paragraph and each cell is a line
    of its own, never run into the next (two paragraphs in one cell read as "boardhelp")."""
    cell = "<table><tr><td><p>board</p><p>help</p></td></tr></table>"
    assert read(mail(cell, "html")).lines() == ["board", "help"]
    cells = "<TABLE><TR><TD>board<br>help</TD><td>pass</td></TR></TABLE>"
    assert read(mail(cells, "html")).lines() == ["board", "help", "pass"]


def test_an_html_tables_rule_is_no_move_and_its_text_is_cut_short():
    table = "<table><tr><th>move</th></tr><tr><td>pass</td></tr></table>"
    assert read(mail(table, "html")).lines() == ["move", "pass"]
    from server.mailin.parse import NEWEST_CHARS

    nested = "<ul><li>" * 2000 + "pass" + "</li></ul>" * 2000
    assert len(read(mail(nested, "html")).text or "") <= NEWEST_CHARS


@pytest.mark.parametrize("typed,read", [
    ("\u0441\u0430stle K1", "castle K1"),  # Cyrillic с and а in a Latin word
    ("castle \u041a1", "castle K1"),  # a Cyrillic К before a digit
    ("\u0440\u0430ss", "pass"),  # Cyrillic р and а
    ("\u0421\u0410\u0412 \u0415\u041d\u0422", "CAB EHT"),  # a whole word of Cyrillic capitals that are Latin ones
    ("\u039a\u039f1 \u03bfk", "KO1 ok"),  # Greek capitals, and the Greek omicron
    ("attack 1/W1 V5", "attack 1/W1 V5"),  # Latin already: as it is
    ("\u043f\u0440\u0438\u0432\u0435\u0442 K1", "\u043f\u0440\u0438\u0432\u0435\u0442 K1"),  # привет: a Russian word stays
    ("\u043a\u043c\u043d\u0442", "\u043a\u043c\u043d\u0442"),  # к м н т: small capitals, not k m h t
])
def test_a_moves_cyrillic_and_greek_look_alike_letters_are_read_as_latin(typed, read):
    """A Russian keyboard or an autocorrect puts a Cyrillic 'с' into 'castle': the line reads as the
    move, and was refused as an unknown one. A word made only of Latin letters and letters drawn
    exactly as one (parse.LOOK_ALIKES) is read in Latin; any other word stays as written."""
    from server.mailin.parse import latin_move, not_latin

    assert latin_move(typed) == read
    assert not_latin(read) == ([] if read.isascii() else [c for c in dict.fromkeys(read) if not c.isascii()])


def test_every_look_alike_letter_folds_to_one_latin_letter():
    """The table holds Cyrillic and Greek letters only, each read as a single ASCII letter of the
    same case."""
    import unicodedata

    from server.mailin.parse import LOOK_ALIKES

    for code, latin in LOOK_ALIKES.items():
        letter = chr(code)
        assert unicodedata.name(letter).split()[0] in ("CYRILLIC", "GREEK"), letter
        assert len(latin) == 1 and latin.isascii() and latin.isalpha() and letter.isupper() == latin.isupper()
