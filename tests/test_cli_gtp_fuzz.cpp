// The GTP reader fuzzed: thousands of generated lines (known and unknown commands, ids, colours,
// vertices in and off the board, huge and negative numbers, control bytes, '#', tabs, bytes over
// 127) fed to one engine, with a fixed seed. Every line must get either nothing (a line that
// preprocessing empties) or one well-framed reply, and the game must stay consistent; a crash or
// a hang fails the test (genmove has 20 ms a move). printsgf and loadsgf take random words as
// file names, so the test runs in a directory of its own, removed at the end.
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cli/gtp_engine.hpp"

using smallgo::cli::GtpEngine;
using smallgo::cli::GtpOptions;

namespace {
std::string random_line(std::mt19937_64& rng) {
    // Every command the engine knows (GtpEngine::command_names), then other words.
    static const std::vector<std::string> words = [] {
        std::vector<std::string> w(GtpEngine::command_names().begin(),
                                   GtpEngine::command_names().end());
        for (const char* other : {"b",
                                  "w",
                                  "B",
                                  "white",
                                  "black",
                                  "pass",
                                  "PASS",
                                  "resign",
                                  "a1",
                                  "B2",
                                  "c3",
                                  "d4",
                                  "h8",
                                  "j9",
                                  "z25",
                                  "i1",
                                  "a0",
                                  "a-1",
                                  "alive",
                                  "dead",
                                  "seki",
                                  "mg",
                                  "tromp-taylor",
                                  "aga",
                                  "simple",
                                  "0",
                                  "1",
                                  "2",
                                  "3",
                                  "4",
                                  "8",
                                  "9",
                                  "-1",
                                  "6.5",
                                  "0.5",
                                  "1e308",
                                  "nan",
                                  "inf",
                                  "99999999999999999999999",
                                  "#"})
            w.emplace_back(other);
        return w;
    }();
    std::uniform_int_distribution<int> count(0, 5), pick(0, static_cast<int>(words.size()) - 1),
        kind(0, 19), byte(0, 255);
    std::string line;
    if (kind(rng) < 5) line += std::to_string(rng() % 1000) + " ";  // an id
    const int n = count(rng);
    for (int i = 0; i < n; ++i) {
        const int k = kind(rng);
        if (k < 15) {
            line += words[pick(rng)];
        } else if (k < 18) {
            line += static_cast<char>(byte(rng));  // control bytes, high bytes, NUL
        } else {
            line += std::to_string(static_cast<long long>(rng()));
        }
        line += kind(rng) < 2 ? "\t" : " ";
    }
    return line;
}

// Runs the test in a fresh directory under the system's temporary one and removes it after.
class ScratchDirectory {
  public:
    ScratchDirectory()
        : previous_(std::filesystem::current_path()),
          path_(std::filesystem::temp_directory_path() / "smallgo_test_cli_gtp_fuzz") {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
        std::filesystem::current_path(path_);
    }
    ~ScratchDirectory() {
        std::filesystem::current_path(previous_);
        std::filesystem::remove_all(path_);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  private:
    std::filesystem::path previous_, path_;
};

// A reply is "" or "=..."/"?..." ending in exactly one empty line.
bool well_framed(const std::string& r) {
    if (r.empty()) return true;
    if (r[0] != '=' && r[0] != '?') return false;
    if (!r.ends_with("\n\n")) return false;
    return r.find("\n\n") == r.size() - 2;
}
}  // namespace

TEST_CASE("cli: gtp survives random input", "[cli][gtp]") {
    const ScratchDirectory scratch;
    GtpOptions o;
    o.hash_bytes = std::size_t{1} << 20;
    o.threads = 1;
    o.move_seconds = 0.02;
    std::ostringstream log;
    GtpEngine e(o, log);
    std::mt19937_64 rng(24);
    constexpr int Lines = 5000;
    int answered = 0, failed = 0;
    for (int i = 0; i < Lines; ++i) {
        const std::string line = random_line(rng);
        const std::string reply = e.answer_line(line);
        INFO("line " << i << ": " << line);
        REQUIRE(well_framed(reply));
        REQUIRE(e.history().is_ok());
        answered += !reply.empty();
        failed += reply.starts_with("?");
    }
    // Most lines are garbage and fail, some succeed: both paths were taken.
    CHECK(answered > Lines / 2);
    CHECK(failed > Lines / 4);
    CHECK(answered - failed > Lines / 50);
}
