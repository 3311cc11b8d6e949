"""Request and response schemas (marshmallow 4): request bodies refuse unknown fields."""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from server.errors import ApiError, msg
from server.players import localtime
from server.store import names
from server.web.i18n import gamewords, languages

# A letter or digit of any alphabet first ("Åsa", "Иван"), then those, spaces and _.'- (Python's \w);
# one alphabet to a name (one_alphabet).
NAME_PATTERN = r"^[^\W_][\w .'-]{0,39}$"
MAX_SEAT = 63
MAX_SEQ = 2 ** 62  # database integers are 64-bit


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


class NameString(fields.String):
    """A name read as it is stored, before it is checked: composed (a Mac's "A" + ring is "Å") and
    its spaces single."""

    def _deserialize(self, value, attr, data, **kwargs):
        return names.normalised(super()._deserialize(value, attr, data, **kwargs))


def name_field() -> fields.String:
    """A player's name, wherever one is chosen (registration, renaming)."""
    return NameString(required=True, validate=[
        validate.Length(min=1, max=40),
        Pattern(NAME_PATTERN, error=msg("Names are 1-40 letters, digits, spaces or _.'- and start with a letter or "
                                        "digit.")),
        one_alphabet])


def one_alphabet(name: str) -> None:
    """A name's letters come from one alphabet: "Аna" with a Cyrillic А would pass for "Ana"."""
    if len(names.alphabets(name)) > 1:
        raise ValidationError(msg("A name is written in one alphabet; %(name)s mixes letters of several.",
                                  name=repr(name)))


class Pattern(validate.Regexp):
    """marshmallow's Regexp (the OpenAPI document still shows the pattern), its error kept as
    the sentence given, which Regexp would format into a plain string (no translation left)."""

    def _format_error(self, value) -> str:
        return self.error


def email_field() -> fields.String:
    """A mail address, wherever one is given; checked and normalised by email-validator where
    it is stored (server/players/addresses.py)."""
    return fields.String(required=True, validate=validate.Length(min=1, max=254))


def checked_zone(name: str) -> str:
    """The stored spelling of a time zone a player chose, or 422 `bad-timezone` saying why."""
    try:
        return localtime.check_zone(name)
    except ValueError as exc:
        raise ApiError(422, "bad-timezone", str(exc)) from None


def checked_quiet(text: str | None) -> str | None:
    """The stored form of quiet hours a player chose (None: off), or 422 `bad-quiet-hours`."""
    try:
        return localtime.check_quiet(text)
    except ValueError as exc:
        raise ApiError(422, "bad-quiet-hours", str(exc)) from None


def checked_digest_at(text: str) -> str:
    """The stored form of a digest time a player chose ("07:30"), or 422 `bad-digest-time`."""
    try:
        return localtime.check_digest_at(text)
    except ValueError as exc:
        raise ApiError(422, "bad-digest-time", str(exc)) from None
class LanguageField(fields.String):
    """A language Herald speaks, as a person types it (`sv`, `SV`, `sv-SE` are sv); anything
    else is refused with a sentence naming the choices."""

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        found = languages.normalise(text)
        if found is None:
            raise ValidationError(languages.unknown(text))
        return found


class GameText(fields.String):
    """A text a game wrote (a prompt, a board, a pattern's help): passed on as the message it is,
    so that the JSON provider says it in the reader's language (server/api/speaking.py). A plain
    String field would make it a str, its English."""

    def _serialize(self, value, attr, obj, **kwargs):
        if gamewords.is_game_text(value):
            return value
        return super()._serialize(value, attr, obj, **kwargs)


def language_field(**kwargs) -> LanguageField:
    return LanguageField(validate=validate.Length(min=1, max=16), metadata={
        "description": "the language Herald writes to the player in: " + languages.listing(),
        "enum": list(languages.LANGUAGES)}, **kwargs)


class RegisterSchema(StrictSchema):
    name = name_field()
    email = email_field()
    language = language_field(load_default=None)
    invite = fields.String(load_default=None, validate=validate.Length(min=1, max=64),
                           metadata={"description": "an unused seat invite; required when registration is by invite"})
    timezone = fields.String(load_default=None, validate=validate.Length(min=1, max=64),
                             metadata={"description": "an IANA time zone name (default UTC): the dates you read are "
                                                      "written in it, and your quiet hours are reckoned in it"})


class PlayerSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    email = fields.String()
    mail = fields.String(metadata={"description": "mail setting: turns, digest or off; bounced when Herald "
                                                  "paused mail to an address that bounced"})
    waiting = fields.Integer(metadata={"description": "active games waiting for one of my seats"})
    timezone = fields.String(metadata={"description": "my IANA time zone (UTC unless chosen)"})
    quiet_hours = fields.String(allow_none=True, metadata={
        "description": "from-to in my zone, like 22:00-08:00: reminders and digests wait until it ends; null: none"})
    digest_at = fields.String(metadata={
        "description": "the time of my day, in my zone, when my daily digest is written (mail setting digest)"})
    language = fields.String(allow_none=True, metadata={
        "description": "the language Herald writes to me in (en, sv, ru, nl, es, hu); null: none chosen, "
                       "so mail is in English and the game page follows the browser"})


class NewPlayerSchema(PlayerSchema):
    token = fields.String(metadata={"description": "shown once; stored only hashed"})


class CreateGameSchema(StrictSchema):
    ruleset = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seats = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_SEAT + 1))
    options = fields.Dict(keys=fields.String(validate=validate.Length(max=64)), load_default=dict, allow_none=True)
    public = fields.Boolean(load_default=False)
    days_per_move = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=60))
    reserve_days = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=0, max=365),
                                  metadata={"description": "a clock's reserve: days a seat may overrun, in all"})
    on_timeout = fields.String(load_default="default", validate=validate.OneOf(("default", "resign", "bot", "skip")))
    rated = fields.Boolean(load_default=True)


class JoinSchema(StrictSchema):
    invite = fields.String(required=True, validate=validate.Length(min=1, max=64))
    another_seat = fields.Boolean(load_default=False, metadata={
        "description": "take this seat although I hold another seat of the game (one person playing "
                       "several seats); without it such a join is refused with 409 already-seated"})


class SeatQuerySchema(Schema):
    seat = fields.Integer(load_default=None, validate=validate.Range(min=0, max=MAX_SEAT))


class MovePutQuerySchema(SeatQuerySchema):
    dry_run = fields.Boolean(load_default=False)


class ListQuerySchema(Schema):
    mine = fields.Boolean(load_default=False)
    open = fields.Boolean(load_default=False)
    before = fields.Integer(load_default=None, validate=validate.Range(min=1, max=2 ** 63 - 1),
                            metadata={"description": "only games with a lower id: the next page after a full one"})
    limit = fields.Integer(load_default=None, validate=validate.Range(min=1, max=200),
                           metadata={"description": "games per page (default 30)"})


class WaitQuerySchema(SeatQuerySchema):
    timeout = fields.Integer(load_default=30, validate=validate.Range(min=0, max=60))


class LogQuerySchema(SeatQuerySchema):
    from_ = fields.Integer(data_key="from", load_default=0, validate=validate.Range(min=0, max=MAX_SEQ))


class MoveSubmitSchema(StrictSchema):
    # Exactly one of the two (checked below; said to OpenAPI by server.api.openapi_extras).
    OPENAPI_EXTRA = {"oneOf": [{"required": ["move"]}, {"required": ["text"]}],
                     "description": "Either `move` (the move as JSON) or `text` (its notation), never both."}

    move = fields.Dict(keys=fields.String(validate=validate.Length(max=64)))
    text = fields.String(validate=validate.Length(min=1, max=500))

    @validates_schema
    def one_of_move_or_text(self, data, **kwargs):
        if ("move" in data) == ("text" in data):
            raise ValidationError(msg("Send either 'move' (JSON) or 'text' (notation), not both or neither."))


class InviteSchema(Schema):
    seat = fields.Integer()
    code = fields.String()


class SeatSchema(Schema):
    seat = fields.Integer()
    player = fields.Integer(allow_none=True)
    name = fields.String(allow_none=True)


class PromptSchema(Schema):
    seat = fields.Integer()
    kind = fields.String()
    text = GameText()


class CreatedGameSchema(Schema):
    id = fields.Integer()
    ruleset = fields.String()
    seats = fields.Integer()
    options = fields.Dict()
    seed_hash = fields.String()
    invites = fields.List(fields.Nested(InviteSchema))
    status = fields.String()
    public = fields.Boolean()
    days_per_move = fields.Integer(allow_none=True)
    reserve_days = fields.Integer(allow_none=True)
    on_timeout = fields.String()
    rated = fields.Boolean()


class JoinedSchema(Schema):
    game = fields.Integer()
    seat = fields.Integer()


class GameSummarySchema(Schema):
    id = fields.Integer()
    ruleset = fields.String()
    status = fields.String()
    seats = fields.List(fields.Nested(SeatSchema))
    version = fields.Integer()
    prompted = fields.List(fields.Integer())
    my_seats = fields.List(fields.Integer())
    created = fields.String()
    public = fields.Boolean()


class GameDetailSchema(Schema):
    id = fields.Integer()
    ruleset = fields.String()
    title = GameText(metadata={"description": "the game's title, as the reader's language names the game"})
    status = fields.String()
    options = fields.Dict()
    seats = fields.List(fields.Nested(SeatSchema))
    version = fields.Integer()
    seed_hash = fields.String()
    seed = fields.String(metadata={"description": "only once the game is finished"})
    prompted = fields.List(fields.Nested(PromptSchema))
    my_seat = fields.Integer(allow_none=True)
    my_seats = fields.List(fields.Integer())
    view = fields.Raw(allow_none=True)
    result = fields.Raw(allow_none=True)
    invites = fields.List(fields.Nested(InviteSchema), metadata={"description": "creator only, while open"})
    public = fields.Boolean()
    clock = fields.Raw(allow_none=True, metadata={"description": "the game's own clock, if it has one"})
    created = fields.String()


class RenderSchema(Schema):
    text = GameText()


class LegalMoveSchema(Schema):
    text = GameText()  # a pattern's placeholders are said in the reader's language
    move = fields.Raw()
    pattern = fields.Boolean()
    help = GameText()


class LegalSchema(Schema):
    version = fields.Integer()
    seat = fields.Integer()
    prompted = fields.Boolean()
    moves = fields.List(fields.Nested(LegalMoveSchema))


class MoveResultSchema(Schema):
    seq = fields.Integer()
    seat = fields.Integer()
    move = fields.Raw()
    text = fields.String()
    events = fields.List(fields.String())
    version = fields.Integer()
    prompted = fields.List(fields.Nested(PromptSchema))


class LogEntrySchema(Schema):
    seq = fields.Integer()
    seat = fields.Integer()
    move = fields.Raw()
    text = fields.String()
    events = fields.List(fields.String())
    created = fields.String()


class LogSchema(Schema):
    version = fields.Integer()
    moves = fields.List(fields.Nested(LogEntrySchema))


class RulesetSchema(Schema):
    name = fields.String()
    title = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    rules_version = fields.Integer(metadata={"description": "the rules version new games are created under"})
    state_format = fields.Integer(metadata={"description": "the layout of stored states"})
    options = fields.Dict()
