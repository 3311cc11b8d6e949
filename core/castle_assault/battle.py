"""One battle from declaration to resolution (CA-ACT-ATTACK-12): declare, join, react, resolve.

The battle in progress is kept in state["battle"]; state.Battle describes it key by key.
"""
from __future__ import annotations

from core.memo import Memo
from core.protocol import Event, IllegalMove
from core.text import Joined, Msg, P, join as joined, say, say_n, term

from .data import CARDS, REMOVES, shields as shields_of, swords as swords_of
from .options import option
from .state import Battle, State, own_loot, own, own_post, own_posts, the_battle
from core.records import new_event
from .zones import draw_village, post_name, post_shields, resolve_target, target_of, walls_standing


def destroyed_castle(winner: str) -> Msg:
    """The reason a 2-player game ends (CA-END-2); the state stores its English text and
    flow.reason_message says it again from there."""
    return say("{winner} destroyed the rival castle.", winner=winner)


def last_castle(winner: str) -> Msg:
    """The reason a 3-4 player game ends (CA-END-3)."""
    return say("{winner} has the only castle left standing.", winner=winner)


def castle_needs_assault(s: State, owner: int, index: int, card: str | None) -> bool:
    """Is this target guarded by standing walls, so only an assault weapon may hit it?
    (CA-ACT-ATTACK-4 for the castle, CA-ACT-ATTACK-6 for cards stationed on it.)"""
    if index != 0 or not walls_standing(s, owner):
        return False
    if card is not None and option(s, "castle-defender") == "always":
        return False
    return True


def check_target(s: State, seat: int, target: str, own_cards: list[str]) -> tuple[int, int, str | None]:
    """Target legality at declaration, with the active player's own cards only (CA-ACT-ATTACK-7)."""
    where = resolve_target(s, target)
    if where is None:
        raise IllegalMove("no-such-target", say("There is no enemy card '{target}' to attack; name a post as "
                                                "<seat>/C or <seat>/W<n>, or a stationed card by its id.",
                                                target=target), "CA-ACT-ATTACK-1")
    owner, index, card = where
    if owner == seat:
        raise IllegalMove("own-card", say("You cannot attack your own cards."), "CA-ACT-ATTACK-18")
    if not s["alive"][owner]:
        raise IllegalMove("eliminated-target", say("That player has lost their castle; their cards cannot be "
                                                   "attacked."), "CA-ACT-ATTACK-18")
    post = s["posts"][owner][index]
    if not post[1]:
        raise IllegalMove("destroyed-target", say("That wall is already destroyed and cannot be attacked."),
                          "CA-ACT-ATTACK-14")
    if castle_needs_assault(s, owner, index, card) and not any(CARDS.assault[c] for c in own_cards):
        if card is None:
            raise IllegalMove("castle-walled", say("A castle can be attacked only when all its walls are destroyed, "
                                                   "or with an assault weapon ({ram}, {tower}) in your attack.",
                                                   ram=term("Battering Ram"), tower=term("Siege Tower")),
                              "CA-ACT-ATTACK-4")
        raise IllegalMove("castle-walled", say("A card stationed on a castle can be attacked only when the castle "
                                               "itself could be."), "CA-ACT-ATTACK-6")
    return owner, index, card


def target_label(s: State, target: str) -> Msg | str:
    """'{P1}'s wall W2', '{P1}'s castle', 'V20 Archer stationed on {P1}'s W1'; a target that
    names nothing as it is written."""
    where = resolve_target(s, target)
    if where is None:
        return target
    owner, index, card = where
    return placed_label(owner, index, card)


def placed_label(owner: int, index: int, card: str | None) -> Msg:
    """A target said from where it stands: a stationed card, a castle or a wall (made once per
    place: every battle says its target)."""
    key = (owner, index, card)
    said = PLACED.get(key)
    return said if said is not None else PLACED.keep(key, place_label(owner, index, card))


PLACED = Memo(4096)


def place_label(owner: int, index: int, card: str | None) -> Msg:
    if card is not None:
        return say("{card} stationed on {player}'s {post}", card=CARDS.label(card), player=P(owner),
                   post=post_name(index))
    if index == 0:
        return say("{player}'s castle", player=P(owner))
    return say("{player}'s wall {post}", player=P(owner), post=post_name(index))


def joiner_order(s: State | dict, by: int, victim: int) -> list[int]:
    """Every other seat, in turn order after the active player (CA-MULTI-4, CA-MULTI-5).
    Who is actually asked is flow.wants_join_prompt's business: in fast mode only seats holding
    attack cards; in strict mode all of them, eliminated seats included, so that skipping an
    eliminated seat never tells the table it holds no attack card (it can only pass)."""
    return JOINERS[s["players"]][by][victim][:]               # (a copy: the battle pops it)


# joiner_order's answers by players, attacker and victim: none with 2 players (CA-MULTI-3).
JOINERS = {players: [[[] if players < 3 else
                      [seat for seat in ((by + step) % players for step in range(1, players)) if seat != victim]
                      for victim in range(players)] for by in range(players)] for players in range(1, 5)}


def declare(s: State, seat: int, target: str, cards: list[str], night: str | None, events: list) -> None:
    """Lay the attack (face up by day, face down under the Night card) and open the join window."""
    owner, index, stationed = check_target(s, seat, target, cards)
    hand = s["hands"][seat]
    for card in cards:
        hand.remove(card)
    if night is not None:
        hand.remove(night)
    todo = joiner_order(s, seat, owner)
    if night is not None and option(s, "night-join") is False:
        todo = []                                                 # V-NIGHT-JOIN off
    s["battle"] = {"attacker": seat, "victim": owner, "target": target, "night_card": night,
                   "contributions": [[seat, list(cards)]], "to_ask": todo, "joined": [], "reactions": [],
                   "pending_removals": [], "removed": [], "revealed": night is None}
    label = placed_label(owner, index, stationed)                 # (target_label, the target found once)
    if night is None:
        events.append(new_event((say("{player} attacks {target} with {cards} ({swords}).", player=P(seat), target=label,
                                cards=names(cards), swords=swords_of(sum(map(CARDS.swords.__getitem__, cards)))), None, None)))
    else:
        if option(s, "night-count") == "public":
            events.append(new_event((say_n("{player} plays {night_card} ({night}) with {n} hidden card against {target}.",
                                      "{player} plays {night_card} ({night}) with {n} hidden cards against {target}.",
                                      len(cards), player=P(seat), night_card=NIGHT, night=night, target=label), None, None)))
        else:
            events.append(new_event((say("{player} plays {night_card} ({night}) with hidden cards against {target}.",
                                    player=P(seat), night_card=NIGHT, night=night, target=label), None, None)))
        if cards:
            events.append(new_event((say("Under your {night_card}: {cards}.", night_card=NIGHT, cards=names(cards)), (seat,), None)))
        else:
            events.append(new_event((say("Under your {night_card}: nothing (a bluff).", night_card=NIGHT), (seat,), None)))
    s["phase"] = "join"


NIGHT = term("Night")


def names(cards: list[str]) -> Joined:
    """'V3 Soldier, S2 Catapult': the cards' labels (made once per list of cards: most events
    name some)."""
    key = tuple(cards)
    said = NAMES.get(key)
    return said if said is not None else NAMES.keep(key, joined(", ", map(CARDS.label, key)))


NAMES = Memo(4096)


def join(s: State, seat: int, cards: list[str], events: list) -> None:
    """A joiner adds attack cards (CA-MULTI-4..6); face down at night (CA-ACT-NIGHT-7)."""
    b = the_battle(s)
    hand = s["hands"][seat]
    for card in cards:
        hand.remove(card)
    b["contributions"].append([seat, list(cards)])
    b["joined"].append(seat)
    b["to_ask"].pop(0)
    if b["night_card"] is None:
        events.append(new_event((say("{player} joins the attack with {cards}.", player=P(seat), cards=names(cards)), None, None)))
    else:
        if option(s, "night-count") == "public":
            events.append(new_event((say_n("{player} joins the night attack with {n} card face down.",
                                      "{player} joins the night attack with {n} cards face down.", len(cards),
                                      player=P(seat)), None, None)))
        else:
            events.append(new_event((say("{player} joins the night attack with cards face down.", player=P(seat)), None, None)))
        events.append(new_event((say("You put under the {night_card}: {cards}.", night_card=NIGHT, cards=names(cards)), (seat,), None)))


def decline(s: State) -> None:
    the_battle(s)["to_ask"].pop(0)


def attack_cards(b: Battle) -> list[str]:
    return [c for _, ids in b["contributions"] for c in ids]


def removal_candidates(b: Battle, reaction: str) -> list[str]:
    """Attack cards a Sabotage (Siege cards) or Boiling Oil (Soldiers, Archers) could remove."""
    want = REMOVES[CARDS.effect[reaction]]
    out = []
    for card in attack_cards(b):
        if card in b["removed"]:
            continue
        if (CARDS.deck[card] == "S") == (want == "siege"):
            out.append(card)
    return out


def react(s: State, seat: int, cards: list[str], events: list) -> None:
    """The victim commits all reactions at once (CA-ACT-REACT-4, CA-ACT-REACT-5); at night the
    attack is then revealed (CA-ACT-NIGHT-3)."""
    b = the_battle(s)
    hand = s["hands"][seat]
    for card in cards:
        hand.remove(card)
    b["reactions"] = list(cards)
    b["pending_removals"] = [c for c in cards if CARDS.effect[c] in REMOVES]
    if cards:
        events.append(new_event((say("{player} reacts with {cards}.", player=P(seat), cards=names(cards)), None, None)))
    else:
        events.append(NO_REACTION)
    if b["night_card"] is not None:
        b["revealed"] = True
        parts = [say("{player}: {cards}", player=P(who), cards=names(ids)) if ids else say("{player}: nothing", player=P(who))
                 for who, ids in b["contributions"]]
        events.append(new_event((say("The Night attack is revealed -- {parts}.", parts=joined("; ", parts)), None, None)))
    s["phase"] = "remove"


NO_REACTION = Event(say("No reaction."))


def remove(s: State, card: str, events: list) -> None:
    """Apply the first pending removal reaction to `card` (the victim's choice, CA-ACT-REACT-8)."""
    b = the_battle(s)
    reaction = b["pending_removals"].pop(0)
    b["removed"].append(card)
    events.append(new_event((say("{reaction} removes {card} from the attack.", reaction=CARDS.name(reaction),
                            card=CARDS.label(card)), None, None)))


def settle_trivial_removals(s: State, events: list) -> bool:
    """Apply removals that leave no real choice; True when a choice is still needed."""
    b = the_battle(s)
    while b["pending_removals"]:
        options = removal_candidates(b, b["pending_removals"][0])
        if not options:
            reaction = b["pending_removals"].pop(0)
            events.append(new_event((say("{reaction} finds nothing to remove.", reaction=CARDS.name(reaction)), None, None)))
            continue
        if len({CARDS.key[c] for c in options}) == 1:
            remove(s, options[0], events)
            continue
        return True
    return False


def strength(s: State, where: tuple[int, int, str | None] | None = None) -> tuple[int, int, bool, Msg | str]:
    """(swords, shields, automatic loss, why) of the battle after reactions (CA-ACT-REACT-6..7);
    `where` is the battle's target_of when the caller has it."""
    b = the_battle(s)
    owner, index, card = target_of(s, b) if where is None else where
    removed = b["removed"]
    cards = attack_cards(b)
    effective = [c for c in cards if c not in removed] if removed else cards
    swords = sum(map(CARDS.swords.__getitem__, effective))
    shields = CARDS.defence[card] if card is not None else post_shields(s["posts"][owner][index])
    for reaction in b["reactions"]:
        kind = CARDS.kind_of[reaction]
        if kind.castle_only and index != 0:
            continue
        if kind.effect == "fewer-swords":
            swords -= kind.amount
        elif kind.effect == "more-shields":
            shields += kind.amount
    swords = max(0, swords)                                      # CA-ACT-ATTACK-10
    if castle_needs_assault(s, owner, index, card) and not any(map(CARDS.assault.__getitem__, effective)):
        return swords, shields, True, NO_ASSAULT_LEFT
    return swords, shields, False, ""


NO_ASSAULT_LEFT = say("no assault weapon is left against a walled castle")


def resolve(s: State, events: list) -> None:
    """Compare, then apply the outcome: destroy or discard the target, discard every battle card,
    draw loot, eliminate a fallen castle's owner, end the game when one castle is left."""
    b = the_battle(s)
    by = b["attacker"]
    where = target_of(s, b)
    owner, index, card = where
    if not outcome(s, b, events, where):
        return
    s["quiet_turns"] = -1                  # the end of this turn brings it to 0: a winning turn is not quiet
    post = own_post(s, owner, index)
    if card is not None:
        defeat_defender(s, post, card, events)
    elif destroy_post(s, owner, index, post, events) and castle_fallen(s, owner, by, events):
        return
    takers = [by]
    if option(s, "join-loot") == "all":                 # CA-LOOT-5
        takers += [seat for seat in b["joined"] if s["alive"][seat]]
    for seat in takers:
        draw_loot(s, seat, events)


def outcome(s: State, b: Battle, events: list, where: tuple[int, int, str | None] | None = None) -> bool:
    """Whether the attack wins (CA-ACT-ATTACK-11); every battle card goes to the discard pile."""
    swords, shields, auto_loss, why = strength(s, where)
    won = not auto_loss and swords > shields
    if auto_loss:
        strengths = {"swords": swords_of(swords), "shields": shields_of(shields)}
        events.append(new_event((say("{swords} against {shields}: the attack loses ({why}).", why=why, **strengths), None, None)))
    else:
        key = (won, swords, shields)
        said = COMPARED.get(key)
        events.append(said if said is not None else COMPARED.keep(key, compared(won, swords, shields)))
    spent = attack_cards(b) + ([b["night_card"]] if b["night_card"] else []) + b["reactions"]
    s["discard"].extend(spent)                                    # CA-ACT-ATTACK-15/16, CA-ACT-REACT-2
    s["battle"] = None
    return won


def compared(won: bool, swords: int, shields: int) -> Event:
    """The comparison of a battle without an automatic loss (made once per outcome and strengths)."""
    strengths = {"swords": swords_of(swords), "shields": shields_of(shields)}
    if won:
        return new_event((say("{swords} against {shields}: the attack WINS.", **strengths), None, None))
    return new_event((say("{swords} against {shields}: the attack loses.", **strengths), None, None))


COMPARED = Memo(4096)


def defeat_defender(s: State, post: list, card: str, events: list) -> None:
    post[2].remove(card)                                          # CA-ACT-ATTACK-14
    if option(s, "defeated-defender") == "turned":                # "pierde y se gira sobre la mesa"
        own(s, "out_of_game").append(card)
        events.append(new_event((say("{card} is defeated and turned face down: it is out of the game.",
                                card=CARDS.label(card)), None, None)))
    else:
        s["discard"].append(card)
        events.append(new_event((say("{card} is defeated and discarded.", card=CARDS.label(card)), None, None)))


def destroy_post(s: State, owner: int, index: int, post: list, events: list) -> bool:
    """A wall or the castle is destroyed; True if it was the castle."""
    post[1] = False
    castle_falls = index == 0
    if castle_falls:
        events.append(new_event((say("{player}'s castle falls!", player=P(owner)), None, None)))
    else:
        events.append(new_event((say("{player}'s wall {post} is destroyed.", player=P(owner), post=post_name(index)), None, None)))
    if post[2] and not (castle_falls and s["players"] > 2):           # a fallen castle's defenders are spoils
        events.append(new_event((say("Its defenders are discarded: {cards}.", cards=names(post[2])), None, None)))
        s["discard"].extend(post[2])
        post[2] = []
    return castle_falls


def castle_fallen(s: State, owner: int, by: int, events: list) -> bool:
    """The owner is out (CA-MULTI-7); True if that ends the game (CA-END-2, CA-END-3)."""
    if s["players"] == 2:
        s["phase"] = "over"
        s["winner"] = by
        s["reason"] = str(destroyed_castle(P(by)))                 # the state keeps plain text
        events.append(new_event((say("{player} wins the game.", player=P(by)), None, None)))
        return True
    eliminate(s, owner, by, events)
    alive = [seat for seat in range(s["players"]) if s["alive"][seat]]
    if len(alive) == 1:
        s["phase"] = "over"
        s["winner"] = alive[0]
        s["reason"] = str(last_castle(P(alive[0])))
        events.append(new_event((say("{player} wins the game.", player=P(alive[0])), None, None)))
        return True
    return False


def draw_loot(s: State, seat: int, events: list) -> None:
    """One loot card: into the hand with 2 players (CA-LOOT-2), else face down unseen (CA-LOOT-3)."""
    card = draw_village(s, events)
    if card is None:
        events.append(new_event((say("No Village card is left: {player}'s loot is lost.", player=P(seat)), None, None)))   # CA-LOOT-8
        return
    if s["players"] == 2:
        s["hands"][seat].append(card)
        events.append(LOOT_IN_HAND[seat])
        events.append(LOOT_EVENTS[seat][card])
    else:
        own_loot(s, seat).append(card)
        events.append(LOOT_HIDDEN[seat])


# The loot's events, made once per seat (and card), as the turn draw's are (flow.py).
LOOT_IN_HAND = [Event(say("{player} draws a loot card into their hand.", player=P(seat))) for seat in range(4)]
LOOT_EVENTS = [{card: Event(say("Your loot: {card}.", card=CARDS.label(card)), (seat,)) for card in CARDS.kind_of}
               for seat in range(4)]
LOOT_HIDDEN = [Event(say("{player} puts a loot card face down, unseen, on their loot pile.", player=P(seat)))
               for seat in range(4)]


def eliminate(s: State, seat: int, by: int, events: list) -> None:
    """A castle fell in a 3-4 player game (CA-MULTI-7, CA-MULTI-12, CA-MULTI-13)."""
    own(s, "alive")[seat] = False
    loot = s["loot"][seat]
    own(s, "loot")[seat] = []
    s["hands"][seat].extend(loot)
    take_all = option(s, "spoils") == "all"
    if loot and not take_all:                  # with V-SPOILS 'all' the loot goes on, still unseen
        events.append(new_event((say_n("{player} takes their {n} loot card into their hand.",
                                  "{player} takes their {n} loot cards into their hand.", len(loot), player=P(seat)), None, None)))
        events.append(new_event((say("Your loot pile held: {cards}.", cards=names(loot)), (seat,), None)))
    spoils = []
    for post in own_posts(s, seat):
        spoils.extend(post[2])
        post[2] = []
    if take_all:
        taken = s["hands"][seat]
        s["hands"][seat] = []
        if taken:
            events.append(new_event((say_n("{player} also takes {victim}'s whole hand ({n} cards).",  # "cards" even for 1
                                      "{player} also takes {victim}'s whole hand ({n} cards).", len(taken),
                                      player=P(by), victim=P(seat)), None, None)))
            events.append(new_event((say("You took: {cards}.", cards=names(taken)), (by,), None)))
        s["hands"][by].extend(taken)
    s["hands"][by].extend(spoils)
    if spoils:
        events.append(new_event((say("{player} takes the stationed cards as spoils: {cards}.", player=P(by),
                                cards=names(spoils)), None, None)))
    own(s, "out_of_game").extend(post[0] for post in s["posts"][seat])
    s["posts"][seat] = []
    events.append(new_event((say("{player} has lost their castle and is out of the race.", player=P(seat)), None, None)))
