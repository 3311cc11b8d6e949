"""Masking and refilling hidden cards: the shared half of every engine's `sample_state`.

A seat's *known state* is the engine state with the seed removed and every card the seat may
not see (`Game.hidden_from`) replaced by a token "?0", "?1", ... numbered in the order the
tokens are met. The same hidden card met twice (a hand and a question that names the card drawn)
gets the same token, so a refilled world stays consistent. Tokens say nothing about which card
hides behind them: the sampler deals cards to tokens at random, from what is unaccounted for.
"""
from __future__ import annotations

from core.rng import Rng

UNSEEN_SEED = "unseen"


def mask(tree, hidden: set, tokens: dict | None = None):
    """A copy of a JSON tree with every string in `hidden` replaced by its token."""
    if tokens is None:
        tokens = {}
    if isinstance(tree, str):
        if tree in hidden:
            if tree not in tokens:
                tokens[tree] = f"?{len(tokens)}"
            return tokens[tree]
        return tree
    if isinstance(tree, list):
        return [mask(x, hidden, tokens) for x in tree]
    if isinstance(tree, dict):
        return {k: mask(v, hidden, tokens) for k, v in tree.items()}
    return tree


def is_token(value) -> bool:
    return isinstance(value, str) and len(value) > 1 and value[0] == "?" and value[1:].isdigit()


def leaves(tree):
    """Every string value of a JSON tree (dict keys excluded), in the order met."""
    if isinstance(tree, str):
        yield tree
    elif isinstance(tree, list):
        for x in tree:
            yield from leaves(x)
    elif isinstance(tree, dict):
        for v in tree.values():
            yield from leaves(v)


def tokens_in(tree) -> list:
    """Every distinct token of a tree, in the order met."""
    return list(dict.fromkeys(x for x in leaves(tree) if is_token(x)))


def strings_in(tree) -> set:
    return set(leaves(tree))


def unmask(tree, deal: dict):
    """A copy with every token replaced by the card `deal` gives it."""
    if isinstance(tree, str):
        return deal.get(tree, tree) if is_token(tree) else tree
    if isinstance(tree, list):
        return [unmask(x, deal) for x in tree]
    if isinstance(tree, dict):
        return {k: unmask(v, deal) for k, v in tree.items()}
    return tree


def deal_tokens(groups: list[tuple[list, list]], rng: Rng) -> dict:
    """Deal cards to tokens. `groups` is [(tokens, cards they may be), ...], the most
    constrained first; a card dealt once is gone from the later groups."""
    deal, used = {}, set()
    for tokens, cards in groups:
        todo = [t for t in tokens if t not in deal]
        free = [c for c in cards if c not in used]
        if len(free) < len(todo):
            raise ValueError(f"cannot deal {len(todo)} hidden cards from {len(free)} unaccounted for")
        rng.shuffle(free)
        for token, card in zip(todo, free):
            deal[token] = card
            used.add(card)
    return deal


def fresh_seed(rng: Rng) -> str:
    """A seed for a sampled world's future chance: drawn from the bot's own Rng, so it says
    nothing about the real seed (which the bot never has)."""
    return f"{UNSEEN_SEED}:{rng.below(1 << 62)}"


def renumber(tree):
    """Tokens renumbered in the order met, so that moving a hidden card between zones while
    blanking a secret (a face-down card counted in its hand) leaves no trace in the numbers."""
    order = tokens_in(tree)
    return unmask(tree, {token: f"?{i}" for i, token in enumerate(order)})
