// Tests of the distributed sweep and of checkpoints, without MPI: ranks are threads of this
// process (thread_exchange.hpp). The oracle is the single-process counter (itself checked against
// brute force and the published values in test_count.cpp): every count on 1..4 ranks, in every
// arithmetic and in several exchange rounds, equals it row by row; a count stopped with a
// checkpoint and resumed, on one process or on ranks, ends the same.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "count/checkpoint.hpp"
#include "count/legal_count.hpp"
#include "count/legal_crt.hpp"
#include "count/shard_sweep.hpp"
#include "tests/thread_exchange.hpp"

using namespace smallgo;

namespace {

// The results of count_legal(o) on `ranks` ranks (threads), rank 0's first.
std::vector<CountResult> on_ranks(CountOptions o, int ranks) {
    std::vector<CountResult> results(ranks);
    test::ThreadGroup group(ranks);
    group.run([&](RankExchange& ex) {
        CountOptions mine = o;
        mine.exchange = &ex;
        results[ex.rank()] = count_legal(mine);
    });
    return results;
}

CountOptions board(int rows, int cols, u64 modulus = 0) {
    CountOptions o;
    o.rows = rows;
    o.cols = cols;
    o.modulus = modulus;
    o.version = "test";
    return o;
}

// A fresh, empty directory under the system's temporary one.
std::string scratch(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("smallgo_test_" + name);
    std::filesystem::remove_all(dir);
    return dir.string();
}

}  // namespace

TEST_CASE("count: 1 to 4 ranks count what one process counts, row by row", "[count][shard]") {
    const u64 p = large_prime(3);
    for (auto [rows, cols] : {std::pair{1, 1}, {1, 5}, {3, 3}, {4, 6}, {6, 5}, {7, 7}, {3, 12}})
        for (u64 modulus : {u64{0}, p})
            for (int ranks = 1; ranks <= 4; ++ranks) {
                INFO(rows << "x" << cols << " modulo " << modulus << " on " << ranks << " ranks");
                const CountResult one = count_legal(board(rows, cols, modulus));
                const auto all = on_ranks(board(rows, cols, modulus), ranks);
                for (const CountResult& r : all) {
                    REQUIRE(r.complete());
                    CHECK(r.per_row == one.per_row);
                    CHECK(r.max_states == one.max_states);
                    CHECK(r.ranks == ranks);
                }
                // (On tiny boards every state may fall on one rank.)
                if (rows * cols >= 9) CHECK((ranks > 1) == (all[0].bytes_exchanged > 0));
            }
}

TEST_CASE("count: residues recombined on ranks equal the exact count", "[count][shard]") {
    CountOptions o = board(7, 7);
    o.residues = residues_for_points(49);
    const auto all = on_ranks(o, 3);
    REQUIRE(all[0].complete());
    CHECK(all[0].value() == BigCount("83677847847984287628595"));
    CHECK(all[2].per_row == count_legal(board(7, 7)).per_row);
}

TEST_CASE("count: an exchange in several rounds under a tight memory limit counts the same",
          "[count][shard]") {
    const u64 p = large_prime(0);
    LocalExchange local;
    ShardSweep<ModSum> tight(9, 9, ModSum{p}, local), free(9, 9, ModSum{p}, local);
    int most_rounds = 1;
    while (!tight.done()) {
        REQUIRE(tight.step(1, u64{14} << 20));
        REQUIRE(free.step(1, 0));
        most_rounds = std::max(most_rounds, tight.rounds());
        CHECK(tight.states() == free.states());
    }
    CHECK(most_rounds > 1);
    CHECK(tight.per_row() == free.per_row());
    CHECK(tight.per_row().back() ==
          BigCount("103919148791293834318983090438798793469") % BigCount(p));
    // Far too little memory: every rank says so, none hangs.
    ShardSweep<ModSum> starved(9, 9, ModSum{p}, local);
    bool ok = true;
    while (ok && !starved.done()) ok = starved.step(1, u64{1} << 20);
    CHECK(!ok);
}

TEST_CASE("count: a count stopped with a checkpoint resumes to the same value", "[count][shard]") {
    for (int ranks : {0, 1, 3}) {  // 0: one process with threads
        INFO(ranks << " ranks");
        const std::string dir = scratch("resume_" + std::to_string(ranks));
        for (u64 modulus : {u64{0}, large_prime(2)}) {
            std::filesystem::remove_all(dir);
            std::atomic<bool> stop{false};
            CountOptions o = board(8, 7, modulus);
            o.checkpoint_dir = dir;
            o.stop = &stop;
            // Stopped half-way through row 5: the checkpoint is taken there, not at a row end.
            o.progress = [&stop](const CountProgress& p) { stop = stop || p.points_done == 31; };
            auto count = [&](const CountOptions& opt) {
                return ranks ? on_ranks(opt, ranks)[0] : count_legal(opt);
            };
            const CountResult first = count(o);
            REQUIRE(first.end == CountEnd::Interrupted);
            CHECK(first.checkpoints == 5);
            o.progress = nullptr;
            o.stop = nullptr;
            o.resume_dir = dir;
            const CountResult second = count(o);
            REQUIRE(second.complete());
            CHECK(second.resumed_point == 31);
            CHECK(second.per_row == count_legal(board(8, 7, modulus)).per_row);
        }
        // A checkpoint of 3 ranks is refused by 2, and of another board by all.
        if (ranks == 3) {
            CountOptions o = board(8, 7, large_prime(2));
            o.resume_dir = dir;
            const CountResult two = on_ranks(o, 2)[1];
            CHECK(two.end == CountEnd::BadCheckpoint);
            CHECK(two.problem.find("written by 3 ranks, not 2") != std::string::npos);
            o = board(7, 8, large_prime(2));
            o.resume_dir = dir;
            const auto all = on_ranks(o, 3);
            for (const CountResult& r : all)
                CHECK(r.problem.find("of board 8x7, not 7x8") != std::string::npos);
        }
        std::filesystem::remove_all(dir);
    }
}

TEST_CASE("count: a checkpoint keeps its row sums, big ones too", "[count][shard]") {
    const std::string dir = scratch("sums");
    CheckpointKey key;
    key.version = "test";
    key.rows = key.cols = 9;
    CheckpointDir out(dir, key);
    CheckpointData d;
    d.point = 3;
    d.limbs = 2;
    d.sums = {{BigCount(0), BigCount("340282366920938463463374607431768211455")}, {}, {7}};
    const std::vector<u64> entries = {5, 1, 2, 6, 3, 4};
    d.states = 2;
    d.entries = entries.data();
    REQUIRE(!out.write_file(1, d));
    REQUIRE(!out.commit(1));
    std::string problem;
    REQUIRE(out.latest(&problem) == 1);
    CheckpointData back;
    std::vector<u64> read(6);
    REQUIRE(
        !out.read_file(1, back, [&read](u64 words) { return words == 6 ? read.data() : nullptr; }));
    CHECK(back.sums == d.sums);
    CHECK(back.point == 3);
    CHECK(read == entries);
    std::filesystem::remove_all(dir);
}
