"""The benchmark's shared map of tables (bench/states.py): what the bot's process writes, the people's process reads."""

import games
from bench.states import States
from bot.tables import Seat, Table


def a_table(table_id: int, version: int, status: str = "running") -> Table:
    state = games.get("blue_border").new(2, {}, 7)
    return Table(
        id=table_id,
        game="blue_border",
        guild_id=1,
        channel_id=1,
        message_id=1,
        host_id=11,
        status=status,
        options={},
        seed=7,
        version=version,
        locale="en",
        state=state,
        seats=[Seat(11, "a"), Seat(22, "b")],
    )


def test_what_one_process_tells_the_other_reads(tmp_path):
    path = tmp_path / "states"
    writer = States(path, [11, 22, 33, 44], create=True)
    reader = States(path, [11, 22, 33, 44])  # the other process maps the same file
    try:
        table = a_table(4321, version=57)
        writer.tell(table)
        acting = tuple(table.seats[s].user_id for s in table.state.to_act())
        assert (reader.version(4321), reader.status(4321), reader.acting(4321)) == (57, "running", acting)
        assert reader.version(4322) == 0 and reader.acting(4322) == ()  # another table's word is untouched
        writer.tell(a_table(4321, version=58, status="finished"))
        assert (reader.version(4321), reader.status(4321), reader.acting(4321)) == (58, "over", ())
    finally:
        reader.close()
        writer.close()
