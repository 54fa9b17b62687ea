"""The editor's pure model: placing, numbering, removing, resizing, topology and undo/redo."""

from arcade.core.topology import Topology
from arcade.games.hashi.editing import DEFAULT_NUMBER, MIN_SIDE, Draft, Editor
from arcade.games.hashi.formats import format_level, parse_puzzle


def test_click_places_then_removes_and_undo_redo_walk_the_history():
    ed = Editor(Draft.blank(5, 5))
    assert "Placed" in ed.toggle((1, 2))
    assert ed.draft.number_at((1, 2)) == DEFAULT_NUMBER
    assert "Removed" in ed.toggle((1, 2))
    assert ed.draft.number_at((1, 2)) == 0
    ed.undo()
    assert ed.draft.number_at((1, 2)) == DEFAULT_NUMBER
    ed.undo()
    assert ed.draft.numbers == ()
    assert ed.undo() == "Nothing to undo."
    ed.redo()
    ed.redo()
    assert ed.draft.number_at((1, 2)) == 0 and not ed.can_redo


def test_a_new_edit_after_undo_drops_the_redo_tail():
    ed = Editor(Draft.blank(5, 5))
    ed.toggle((0, 0))
    ed.toggle((0, 4))
    ed.undo()
    ed.toggle((4, 4))
    assert not ed.can_redo
    assert set(ed.draft.islands) == {(0, 0), (4, 4)}


def test_numbers_by_digit_and_wheel_wrap_round_one_to_eight():
    ed = Editor(Draft.blank(5, 5))
    ed.set_number((2, 2), 8)
    assert ed.draft.number_at((2, 2)) == 8
    ed.bump((2, 2), 1)
    assert ed.draft.number_at((2, 2)) == 1
    ed.bump((2, 2), -1)
    assert ed.draft.number_at((2, 2)) == 8
    assert "Place an island first" in ed.bump((0, 0), 1)
    assert "1 to 8" in ed.set_number((2, 2), 9)


def test_resize_drops_islands_outside_and_undo_brings_them_back():
    ed = Editor(Draft.blank(7, 7))
    ed.toggle((6, 6))
    ed.toggle((0, 0))
    message = ed.resize(5, 5)
    assert "1 island outside it removed" in message
    assert (ed.draft.rows, ed.draft.cols) == (5, 5) and set(ed.draft.islands) == {(0, 0)}
    ed.undo()
    assert set(ed.draft.islands) == {(0, 0), (6, 6)}
    message = ed.resize(100, 100)
    assert "40 is the most" in message and (ed.draft.rows, ed.draft.cols) == (7, 7)


def test_the_editor_takes_every_board_the_game_plays_and_a_size_past_a_limit_changes_nothing():
    """The editor stopped at 30 while the New dialog made 40x40: W+ on a 40x40 board made it 30x30
    and deleted the 161 islands outside. One limit now (logic.MAX_SIDE); a size button at it is
    refused with the reason, and a button never changes the other side or drops islands unsaid."""
    from arcade.games.hashi import generator
    from arcade.games.hashi.logic import MAX_SIDE
    from arcade.games.hashi.view.new_puzzle import SIDES

    assert max(SIDES) == MAX_SIDE == 40 and min(SIDES) == generator.MIN_SIDE
    corners = {(0, 0): 1, (0, MAX_SIDE - 1): 2, (MAX_SIDE - 1, 0): 3, (MAX_SIDE - 1, MAX_SIDE - 1): 4}
    ed = Editor(Draft.blank(MAX_SIDE, MAX_SIDE).with_numbers(corners))
    before = ed.draft
    for rows, cols, what in ((MAX_SIDE, MAX_SIDE + 1, "wide"), (MAX_SIDE + 1, MAX_SIDE, "tall")):
        assert not ed.can_resize(rows - MAX_SIDE, cols - MAX_SIDE)
        assert ed.resize(rows, cols) == f"The board is 40 cells {what}: 40 is the most (the largest board Hashi makes)."
        assert ed.draft is before and not ed.can_undo
    assert ed.can_resize(0, -1) and ed.can_resize(-1, 0)
    assert ed.resize(MAX_SIDE, MAX_SIDE - 1) == \
        "The board is now 39×40; 2 islands outside it removed (Undo brings them back)."
    assert (ed.draft.rows, ed.draft.cols) == (40, 39) and set(ed.draft.islands) == {(0, 0), (39, 0)}
    assert ed.can_resize(0, 1)
    ed.undo()
    assert ed.draft == before
    small = Editor(Draft.blank(MIN_SIDE, MIN_SIDE))
    assert not small.can_resize(0, -1) and "3 is the least" in small.resize(MIN_SIDE, MIN_SIDE - 1)
    narrow = Editor(Draft.blank(MIN_SIDE - 1, 9))  # a file's 9x2 board grows towards the limits
    assert narrow.can_resize(1, 0) and not narrow.can_resize(-1, 0) and narrow.can_resize(0, -1)


def test_topology_and_the_level_file_round_trip():
    ed = Editor(Draft.blank(4, 4))
    assert ed.draft.puzzle() is None  # fewer than two islands is not a puzzle yet
    ed.set_number((0, 0), 1)
    ed.set_number((0, 3), 1)
    ed.set_topology(Topology.CYLINDER)
    ed.set_title("Two ones")
    puzzle = ed.draft.puzzle()
    assert puzzle is not None and puzzle.topology is Topology.CYLINDER
    again = parse_puzzle(format_level(puzzle))
    assert Draft.of(again) == ed.draft
    ed.undo()
    ed.undo()
    assert ed.draft.topology is Topology.PLANE


def test_an_edit_drops_the_header_lines_that_described_the_old_board_but_keeps_the_title():
    puzzle = parse_puzzle("# title: Seven seas\n# difficulty: hard\n# generator: seed 7\n"
                          "# author: Puzzle Arcade generator\n2.2\n...\n2.2\n")
    editor = Editor(Draft.of(puzzle))
    editor.set_title("Seven seas")  # no board change: nothing is dropped
    assert dict(editor.draft.meta)["difficulty"] == "hard"
    editor.toggle((1, 1))
    assert dict(editor.draft.meta) == {"title": "Seven seas"}
    editor.undo()
    assert dict(editor.draft.meta)["generator"] == "seed 7", "undo brings the old header back"
    editor.clear()
    assert editor.draft.meta == () and editor.draft.numbers == ()
    assert editor.clear() == "The board is already empty."


def test_a_generated_puzzles_title_names_its_seed_and_is_marked_edited_on_an_edit():
    generated = parse_puzzle("# title: Hard 8×8 cylinder #951009188\n# generator: seed 951009188, density 1\n"
                             "2.2\n...\n2.2\n")
    editor = Editor(Draft.of(generated))
    editor.toggle((1, 1))
    assert editor.draft.meta == (("title", "Hard 8×8 cylinder #951009188 (edited)"),), \
        "the old grade and seed stayed in the title as the board's own, or the puzzle lost its name"
    editor.toggle((1, 2))
    assert dict(editor.draft.meta)["title"] == "Hard 8×8 cylinder #951009188 (edited)", "marked once"


def test_an_edit_changed_back_by_hand_is_the_puzzle_opened_again():
    """A generated puzzle with one island turned up and back down (the wheel, not Undo) was called
    "new puzzle", unsaved, with no grade, seed or title, though it was exactly the board opened."""
    generated = parse_puzzle("# title: Easy 3×3 #5\n# difficulty: easy\n# generator: seed 5\n"
                             "2.2\n...\n2.2\n")
    editor = Editor(Draft.of(generated))
    opened = editor.draft
    editor.bump((0, 0), 1)
    editor.bump((0, 0), -1)
    assert editor.draft == opened and len(editor.history) == 3
    # A title the player gave meanwhile stays; the grade and seed are true again all the same.
    editor.bump((0, 0), 1)
    editor.set_title("Mine")
    editor.bump((0, 0), -1)
    assert dict(editor.draft.meta) == {"title": "Mine", "difficulty": "easy", "generator": "seed 5"}


def test_a_file_larger_than_the_boards_hashi_makes_opens_as_it_is_and_shrinks_one_side_at_a_time():
    """Files go up to logic.MAX_FILE_SIDE: a 45x50 puzzle from a collection opens whole in the
    editor; W+ and H+ are refused, W- takes one column and leaves the rows alone."""
    from arcade.games.hashi.logic import MAX_SIDE

    ed = Editor(Draft.blank(50, 45).with_numbers({(0, 0): 1, (49, 44): 1}))
    before = ed.draft
    assert not ed.can_resize(0, 1) and not ed.can_resize(1, 0)
    assert f"{MAX_SIDE} is the most" in ed.resize(51, 45) and ed.draft is before
    assert ed.resize(50, 44) == "The board is now 44×50; 1 island outside it removed (Undo brings them back)."
    assert (ed.draft.rows, ed.draft.cols) == (50, 44)


def test_move_takes_an_island_and_its_number_to_water_in_one_edit():
    ed = Editor(Draft.blank(5, 5))
    ed.set_number((0, 0), 3)
    ed.set_number((0, 4), 2)
    assert ed.move((0, 0), (2, 2)) == "Moved the 3 from row 1, column 1 to row 3, column 3."
    assert ed.draft.number_at((2, 2)) == 3 and ed.draft.number_at((0, 0)) == 0
    assert "has an island already" in ed.move((2, 2), (0, 4))
    assert "off the board" in ed.move((2, 2), (5, 0))
    assert ed.move((1, 1), (1, 2)) == "There is no island there."
    assert ed.draft.number_at((2, 2)) == 3 and ed.draft.number_at((0, 4)) == 2
    ed.undo()
    assert ed.draft.number_at((0, 0)) == 3 and ed.draft.number_at((2, 2)) == 0


def test_undo_and_redo_name_the_edit_they_take_back_or_bring_back():
    """Undo said only "Undone.": after a dozen edits a creator could not tell which one went (a
    title, or an island on a part of the board they were not looking at, changes nothing in view)."""
    ed = Editor(Draft.blank(7, 7))
    ed.toggle((0, 0))
    ed.set_number((0, 0), 3)
    ed.move((0, 0), (4, 4))
    ed.set_title("Harbour")
    ed.toggle((6, 6))
    ed.resize(5, 7)
    ed.set_topology(Topology.TORUS)
    assert ed.undo() == "Undone: plane → torus."
    assert ed.undo() == "Undone: the board 7×7 → 7×5, removed the 2 at row 7, column 7."
    assert ed.undo() == "Undone: placed a 2 at row 7, column 7."
    assert ed.undo() == "Undone: the title (none) → “Harbour”."
    assert ed.undo() == "Undone: moved the 3 from row 1, column 1 to row 5, column 5."
    assert ed.undo() == "Undone: changed the 2 at row 1, column 1 to 3."
    assert ed.redo() == "Redone: changed the 2 at row 1, column 1 to 3."
    for cell in ((0, 2), (2, 0), (2, 2), (4, 4)):
        ed.toggle(cell)
    ed.clear()
    assert ed.undo() == "Undone: 5 islands removed."
