// GameTables (game_tables.hpp): the bounds built once per game, then the tables in what is left.
#include "solver/game_tables.hpp"

#include <new>

namespace smallgo {

void GameTables::prepare(const History& h, SolveOptions& o) {
    o.hash_bytes = bytes_;
    build_.seconds = 0;  // a solve counts the time of a build made for it, not of an earlier one
    if (!settled_) {
        const History start(h.geometry(), h.rules(), h.at(0));
        CycleBoundsBuild b = build_cycle_bounds(start, o);
        const bool stopped = b.stopped;
        // The tables' room: beside the bounds; after a stop, the half a later build may not take.
        const std::size_t room = stopped ? bytes_ - bytes_ / 2 : bytes_ - b.bytes();
        const bool remake = !tables_ || (b.bounds ? tables_bytes_ > room : tables_bytes_ < room);
        if (remake) {
            const std::size_t old_bytes = tables_ ? tables_bytes_ : 0;
            tables_.reset();  // the old tables' memory goes before the new one's is mapped
            try {
                tables_.emplace(room);
                tables_bytes_ = room;
            } catch (const std::bad_alloc&) {
                // Growing past a limit on memory: tables of the old size (their proofs are gone)
                // rather than none, which would fail every later solve of the game.
                if (old_bytes == 0 || old_bytes > room) throw;
                tables_.emplace(old_bytes);
                tables_bytes_ = old_bytes;
            }
        }
        build_ = std::move(b);
        settled_ = !stopped;  // last: a bad_alloc above leaves the next call to try again
    }
    o.tables = &*tables_;
    o.cycle_bounds = &build_;
}

}  // namespace smallgo
