// The protocol half of GtpEngine (gtp_engine.hpp): preprocessing of input lines as GTP 2, section
// 3.1 says, the optional id, the framing of replies and the table of commands. The commands
// themselves are in gtp_commands.cpp. Nothing here throws on input: every malformed line becomes
// a "?" reply.
#include "cli/gtp_engine.hpp"

#include <algorithm>
#include <istream>
#include <new>
#include <ostream>

#include "cli/options.hpp"
#include "rules/geometry.hpp"

namespace smallgo::cli {

namespace {
// GTP 2, section 3.1: control characters other than HT and LF removed, everything from '#' on
// removed, HT turned into a space. Returns the words of what is left.
std::vector<std::string> preprocess(std::string_view line) {
    std::string clean;
    for (char ch : line) {
        const auto u = static_cast<unsigned char>(ch);
        if (ch == '#') break;
        if (ch == '\t') {
            clean += ' ';
        } else if (u >= 32 && u != 127) {
            clean += ch;
        }
    }
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < clean.size()) {
        while (i < clean.size() && clean[i] == ' ') ++i;
        std::size_t j = i;
        while (j < clean.size() && clean[j] != ' ') ++j;
        if (j > i) words.emplace_back(clean.substr(i, j - i));
        i = j;
    }
    return words;
}

bool all_digits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}
}  // namespace

const std::vector<std::string_view>& GtpEngine::command_names() {
    static const std::vector<std::string_view> names{"protocol_version",
                                                     "name",
                                                     "version",
                                                     "known_command",
                                                     "list_commands",
                                                     "quit",
                                                     "boardsize",
                                                     "clear_board",
                                                     "komi",
                                                     "play",
                                                     "genmove",
                                                     "undo",
                                                     "showboard",
                                                     "final_score",
                                                     "final_status_list",
                                                     "time_settings",
                                                     "time_left",
                                                     "loadsgf",
                                                     "printsgf",
                                                     "smallgo-boardsize",
                                                     "smallgo-rules",
                                                     "smallgo-move_values"};
    return names;
}

GtpEngine::GtpEngine(const GtpOptions& options, std::ostream& log)
    : options_(options),
      log_(log),
      preset_(options.preset),
      rules_(find_preset(options.preset).value_or(*find_preset("tromp-taylor")).rules),
      g_(*Geometry::make(3, 3)),
      h_(g_, rules_) {
    if (options_.komi_x2) rules_.komi_x2 = *options_.komi_x2;
    h_ = History(g_, rules_, start_);
}

std::string GtpEngine::answer_line(std::string_view line) {
    std::vector<std::string> words = preprocess(line);
    if (words.empty()) return {};
    std::string id;
    if (all_digits(words.front())) {
        id = words.front();
        words.erase(words.begin());
    }
    GtpReply reply;
    if (words.empty()) {
        reply = {false, "syntax error"};
    } else {
        const std::string command = words.front();
        words.erase(words.begin());
        try {
            reply = dispatch(command, words);
        } catch (const std::bad_alloc&) {
            // The search's memory (the tables of --hash, its thread's stack) could not be had;
            // solver/game_tables.hpp keeps no table half made. The controller gets a failure it
            // can read, and the engine goes on.
            reply = {false, hash_out_of_memory("gtp", options_.hash_bytes)};
        }
    }
    // A reply ends with one empty line, so its text may hold none.
    std::string text;
    for (char ch : reply.text)
        if (!(ch == '\n' && !text.empty() && text.back() == '\n')) text += ch;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return std::string(reply.ok ? "=" : "?") + id + " " + text + "\n\n";
}

void GtpEngine::run(std::istream& in, std::ostream& out) {
    std::string line;
    while (!quit_ && std::getline(in, line)) {
        const std::string reply = answer_line(line);
        if (!reply.empty()) out << reply << std::flush;
    }
}

}  // namespace smallgo::cli
