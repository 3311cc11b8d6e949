"""Text for the commands around a game (preview, chat, ratings, ...): formatters return
strings and never print, like client.output."""
from __future__ import annotations

import re

from client.clock_output import readable_time
from client.i18n import _, decimal, pgettext
from client.output import event_text, log_lines


def previewed(answer: dict) -> str:
    """A dry run: the move, and either its outcome as my seat would see it or why not."""
    lines = [_("Dry run: {move} is legal at move {seq} (nothing was played).").format(move=answer.get("text"),
                                                                                     seq=answer.get("seq"))]
    if not answer.get("shown"):
        lines.append(answer.get("note") or _("Its outcome is shown only when you play it."))
        return "\n".join(lines)
    lines += [f"  {event_text(e)}" for e in answer.get("events") or []]
    if answer.get("result"):
        winners = ", ".join(answer["result"].get("winner_names") or []) or _("nobody")
        lines.append(_("The game would end: {winners} ({reason}).").format(winners=winners,
                                                                          reason=answer["result"].get("reason")))
    if answer.get("picture"):
        lines += ["", answer["picture"]]
    asked = [_("seat {seat}: {question}").format(seat=p["seat"], question=p["text"]) for p in answer.get("prompted") or []]
    if asked:
        lines += ["", _("Then asked: {questions}").format(questions="; ".join(asked))]
    return "\n".join(lines)


def chat_line(message: dict) -> str:
    if message.get("kind") == "table":
        return f"-- {message.get('text')}"
    to = " " + _("(to seats {seats})").format(seats=", ".join(map(str, message["to"]))) if message.get("to") else ""
    return f"{message.get('name')}{to}: {message.get('text')}"


def chat_lines(messages: list[dict]) -> str:
    if not messages:
        return _("No messages yet. Say something with `herald say GAME \"...\"`.")
    return "\n".join(f"{m.get('created_text') or m['created'][:16].replace('T', ' ') + ' UTC'}  {chat_line(m)}"
                     for m in messages)  # (in my zone and language, as the server writes it; a server before: UTC)


def log_with_chat(moves: list[dict], messages: list[dict], game: dict) -> str:
    """The log, with each message placed after the move it followed (`  >> name: text`)."""
    said: dict[int, list[dict]] = {}
    for message in messages:
        said.setdefault(message["version"], []).append(message)
    first = moves[0]["seq"] if moves else game.get("version", 0)
    lines = [f"   >> {chat_line(m)}" for v in sorted(said) if v <= first for m in said[v]]
    for entry in moves:
        text = log_lines([entry], game)
        if text:
            lines.append(text)
        lines += [f"   >> {chat_line(m)}" for m in said.get(entry["seq"] + 1, []) if entry["seq"] + 1 > first]
    return "\n".join(lines)


def named(text: str, names: dict[int, str]) -> str:
    """Player names in place of the engines' {P0}..{P5} slots (as the server writes them)."""
    return re.sub(r"\{P(\d+)\}", lambda m: names.get(int(m.group(1)), m.group(0)), text)


def vacation_status(status: dict) -> str:
    until = status.get("until_text") or readable_time(status.get("until"))  # until_text: in my zone
    away = (_("On vacation until {time}.").format(time=until) if status.get("on_vacation")
            else _("Not on vacation."))
    days = _("Vacation days this year: {used} used, {left} of {allowance} left.").format(
        used=status["used"], left=status["left"], allowance=status["allowance"])
    return f"{away} {days}"



def undo_request(request: dict | None) -> str:
    if not request:
        return _("No undo proposal in this game.")
    status = request["status"]
    words = {"open": pgettext("undo proposal", "open"), "accepted": pgettext("undo proposal", "accepted"),
             "declined": pgettext("undo proposal", "declined"), "stale": pgettext("undo proposal", "stale")}
    line = _("Undo of move {seq} (proposed by seat {seat}): {status}").format(
        seq=request["seq"], seat=request["seat"], status=words.get(status, status))
    if status == "open" and request.get("waiting_for"):
        line += "; " + _("waiting for seat(s) {seats}").format(seats=", ".join(map(str, request["waiting_for"])))
    if status == "accepted":
        line += "; " + _("the move is taken back")
    return line + "."


def ratings_table(table: dict) -> str:
    rows = table.get("ratings") or []
    if not rows:
        return _("No rated {ruleset} game has ended yet.").format(ruleset=table.get("ruleset"))
    rating, games = _("rating"), _("games")  # each column as wide as its heading in the language
    wide, many = max(7, len(rating)), max(6, len(games))
    lines = [f"{'#':>3}  {_('player'):<20} {rating:>{wide}} {games:>{many}}"]
    lines += [f"{r['rank']:>3}  {r['name']:<20} {decimal(r['rating']):>{wide}} {r['games']:>{many}}" for r in rows]
    return "\n".join(lines)


def webhook_lines(hooks: list[dict]) -> str:
    if not hooks:
        return _("No webhooks. Add one with `herald webhook add URL`.")
    return "\n".join(f"{h['id']}  {h['format']:<8} {hook_scope(h):<14} {h['url']}" for h in hooks)


def hook_scope(hook: dict) -> str:
    return _("game {game}").format(game=hook["game"]) if hook["game"] else _("all my games")


def handed_over(answer: dict) -> str:
    if answer.get("invited"):
        return _("Invited {email} to take over seat {seat} of game {game}: the seat stays yours until they join "
                 "with the code in their mail.").format(email=answer["invited"], seat=answer["seat"], game=answer["game"])
    return _("Seat {seat} of game {game} now belongs to {player}.").format(seat=answer["seat"], game=answer["game"],
                                                                          player=answer["player"])
