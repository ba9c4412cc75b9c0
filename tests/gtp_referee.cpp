// gtp_referee: plays GNU Go against `smallgo gtp` over GTP and checks the game (the referee test
// of issue 24). Usage:
//   gtp_referee SMALLGO GNUGO SIZE COLOR LEVEL SEED VALUE SGF
// COLOR is smallgo's (black or white), LEVEL and SEED GNU Go's, VALUE the board's exact value for
// komi 0 (Black minus White, in points) and SGF where the game is written. GNU Go plays Chinese
// (area) rules with komi 0, suicide allowed and positional superko, the tromp-taylor preset as
// near as its options come. The checks: every move is accepted by the other engine, nobody
// resigns, the game ends with two passes, smallgo's result is never worse than VALUE for its
// colour, and both engines' final_score agree. Exit code 0 when every check holds, 1 otherwise,
// with the reason on stderr; a summary line on stdout either way.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace {

// One engine as a child process, spoken to through two pipes.
class Engine {
  public:
    explicit Engine(const std::vector<std::string>& argv) {
        int to[2], from[2];
        if (pipe(to) != 0 || pipe(from) != 0) std::exit(2);
        pid_ = fork();
        if (pid_ < 0) std::exit(2);
        if (pid_ == 0) {
            dup2(to[0], 0);
            dup2(from[1], 1);
            close(to[0]), close(to[1]), close(from[0]), close(from[1]);
            std::vector<char*> args;
            for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
            args.push_back(nullptr);
            execv(args[0], args.data());
            std::perror(args[0]);
            _exit(127);
        }
        close(to[0]), close(from[1]);
        in_ = fdopen(to[1], "w");
        out_ = fdopen(from[0], "r");
    }
    ~Engine() {
        if (in_) std::fclose(in_);
        if (out_) std::fclose(out_);
        int status = 0;
        waitpid(pid_, &status, 0);
    }
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Sends one command; returns its reply text, or nullopt on a "?" reply or a broken pipe.
    std::optional<std::string> send(const std::string& command, std::string* error = nullptr) {
        std::fprintf(in_, "%s\n", command.c_str());
        std::fflush(in_);
        std::string reply, line;
        char buf[4096];
        while (std::fgets(buf, sizeof buf, out_)) {
            line = buf;
            if (line == "\n" && !reply.empty()) break;
            reply += line;
        }
        while (!reply.empty() && (reply.back() == '\n' || reply.back() == ' ')) reply.pop_back();
        if (reply.empty() || reply[0] != '=') {
            if (error) *error = reply.empty() ? "no reply" : reply;
            return std::nullopt;
        }
        return reply.size() > 2 ? reply.substr(2) : std::string();
    }

  private:
    pid_t pid_ = -1;
    FILE* in_ = nullptr;
    FILE* out_ = nullptr;
};

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// "B+9" -> 18, "W+2.5" -> -5, "0" -> 0 (half points), nullopt when unreadable.
std::optional<int> score_x2(const std::string& s) {
    if (s == "0") return 0;
    if (s.size() < 3 || s[1] != '+' || (s[0] != 'B' && s[0] != 'W')) return std::nullopt;
    const double v = std::strtod(s.c_str() + 2, nullptr) * 2;
    return (s[0] == 'B' ? 1 : -1) * static_cast<int>(v + 0.5);
}

// A GTP vertex as SGF coordinates on a size x size board ("" for a pass).
std::string sgf_point(const std::string& vertex, int size) {
    if (vertex == "pass") return "";
    int col = vertex[0] - 'a';
    if (vertex[0] > 'i') --col;
    const int row = std::atoi(vertex.c_str() + 1);
    return {static_cast<char>('a' + col), static_cast<char>('a' + size - row)};
}

int fail(const std::string& why, const std::string& summary) {
    std::printf("%s\n", summary.c_str());
    std::fprintf(stderr, "gtp_referee: %s\n", why.c_str());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 9) {
        std::fprintf(stderr, "usage: gtp_referee SMALLGO GNUGO SIZE COLOR LEVEL SEED VALUE SGF\n");
        return 2;
    }
    const std::string smallgo_path = argv[1], gnugo_path = argv[2], color = lower(argv[4]);
    const int size = std::atoi(argv[3]);
    const std::string level = argv[5], seed = argv[6];
    const int value_x2 = 2 * std::atoi(argv[7]);
    const std::string sgf_path = argv[8];
    const bool smallgo_black = color == "black";

    const auto start = std::chrono::steady_clock::now();
    Engine smallgo({smallgo_path, "gtp", "--threads", "1"});
    Engine gnugo({gnugo_path, "--mode", "gtp", "--quiet", "--chinese-rules", "--komi", "0",
                  "--allow-all-suicide", "--positional-superko", "--never-resign",
                  "--capture-all-dead", "--level", level, "--seed", seed});
    Engine* black = smallgo_black ? &smallgo : &gnugo;
    Engine* white = smallgo_black ? &gnugo : &smallgo;
    const std::string who =
        smallgo_black ? "smallgo (B) vs GNU Go (W)" : "GNU Go (B) vs smallgo (W)";
    std::string summary = std::to_string(size) + "x" + std::to_string(size) + " " + who +
                          ", GNU Go level " + level + " seed " + seed;
    for (Engine* e : {black, white})
        for (const std::string& c : {"boardsize " + std::to_string(size),
                                     std::string("clear_board"), std::string("komi 0")})
            if (std::string err; !e->send(c, &err)) return fail(c + ": " + err, summary);

    // The game: each side's genmove played on the other's board, until two passes.
    std::string sgf_moves, moves_text;
    int passes = 0, turns = 0;
    bool black_to_move = true;
    while (passes < 2) {
        if (++turns > 400) return fail("no end after 400 turns", summary);
        Engine* mover = black_to_move ? black : white;
        Engine* other = black_to_move ? white : black;
        const std::string c = black_to_move ? "B" : "W";
        std::string err;
        const auto reply = mover->send("genmove " + c, &err);
        if (!reply) return fail("genmove " + c + ": " + err, summary);
        const std::string move = lower(*reply);
        if (move == "resign") return fail(c + " resigned", summary);
        if (!other->send("play " + c + " " + move, &err))
            return fail(
                "play " + c + " " + move + " refused: " + err + " (moves: " + moves_text + ")",
                summary);
        passes = move == "pass" ? passes + 1 : 0;
        sgf_moves += ";" + c + "[" + sgf_point(move, size) + "]";
        moves_text += (moves_text.empty() ? "" : " ") + move;
        black_to_move = !black_to_move;
    }
    std::string err;
    const auto ours = smallgo.send("final_score", &err);
    const auto theirs = gnugo.send("final_score", &err);
    const auto seki = gnugo.send("final_status_list seki", &err);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    smallgo.send("quit"), gnugo.send("quit");
    if (!ours || !theirs) return fail("final_score: " + err, summary);
    std::string seki_text = seki ? *seki : std::string();
    for (char& ch : seki_text)
        if (ch == '\n') ch = ' ';

    {
        std::ofstream out(sgf_path);
        out << "(;FF[4]GM[1]CA[UTF-8]AP[gtp_referee]SZ[" << size << "]KM[0]RU[Chinese]PB["
            << (smallgo_black ? "smallgo" : "GNU Go") << "]PW["
            << (smallgo_black ? "GNU Go" : "smallgo") << "]RE[" << *ours << "]C[GNU Go level "
            << level << " seed " << seed << "; final_score smallgo " << *ours << ", GNU Go "
            << *theirs << "]\n"
            << sgf_moves << ")\n";
    }
    char time_text[32];
    std::snprintf(time_text, sizeof time_text, "%.2f s", seconds);
    summary += ": " + std::to_string(turns) + " turns, " + *ours + " (GNU Go says " + *theirs +
               "), " + time_text + "; moves " + moves_text;
    const auto a = score_x2(*ours), b = score_x2(*theirs);
    if (!a || !b) return fail("unreadable final_score", summary);
    // GNU Go scores stones in seki without the empty points they surround, where area scoring
    // (Tromp-Taylor's and China's) counts those points: a difference then is GNU Go's convention,
    // reported and allowed. Any other difference fails.
    if (*a != *b) {
        if (!seki || seki->empty()) return fail("the engines' final scores differ", summary);
        summary += "; GNU Go scores a seki without its eyes (seki stones: " + seki_text + ")";
    }
    if (smallgo_black ? *a < value_x2 : *a > value_x2)
        return fail("smallgo did worse than the exact value " + std::string(argv[7]), summary);
    std::printf("%s\n", summary.c_str());
    return 0;
}
