"""The editor's pure model: placing, numbering, removing, resizing, topology and undo/redo."""

from arcade.core.topology import Topology
from arcade.games.hashi.editing import DEFAULT_NUMBER, MAX_SIDE, Draft, Editor
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
    ed.resize(100, 100)
    assert ed.draft.rows == MAX_SIDE


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


def test_a_generated_puzzles_title_names_its_seed_and_goes_with_it_on_an_edit():
    generated = parse_puzzle("# title: Hard 8×8 cylinder #951009188\n# generator: seed 951009188, density 1\n"
                             "2.2\n...\n2.2\n")
    editor = Editor(Draft.of(generated))
    editor.toggle((1, 1))
    assert editor.draft.meta == (), "the old grade and seed stayed in the title"
