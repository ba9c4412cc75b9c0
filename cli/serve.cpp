// `smallgo serve [--port 8080] [--bind 127.0.0.1] [--hash SIZE] [--threads N] [--max-points N]
// [--solve-time S]`: a local web server (cpp-httplib) with one page, where a student plays on a
// tiny board and sees the exact value of every move, and the JSON API behind it (docs/web.md).
// The page's files are embedded (web_assets.hpp); the games live in the requests (web_game.hpp);
// the solver and its kept tables in WebSolver. Bounds: the request body (64 KB, nested at most 16
// deep), the board (--max-points), the moves of a game (512), the time of a solve (--solve-time),
// the solves at once. A bad request gets status 400 and {"error": "one line"}; on a loopback
// address, a request for another host name 403. SIGINT and SIGTERM stop the solves in progress,
// then the server; the program then exits with status 0.
#include <sys/socket.h>

#include <csignal>
#include <exception>
#include <new>
#include <thread>

#include <fmt/core.h>
#include <httplib.h>

#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/sgf.hpp"
#include "cli/signals.hpp"
#include "cli/web_assets.hpp"
#include "cli/web_game.hpp"
#include "cli/web_solver.hpp"

namespace smallgo::cli {

namespace {
constexpr std::size_t MaxBody = 64 * 1024;
constexpr int MaxDepth = 16;
constexpr int WorkerThreads = 64;  // more than the 50 clients of the tests, each on a connection

struct ServeArgs {
    int port = 8080;
    std::string bind = "127.0.0.1", hash = "64M";
    int threads = default_threads();
    int max_points = 16;
    double solve_time = 60;
};

void send_json(httplib::Response& res, const nlohmann::json& j, int status = 200) {
    res.status = status;
    res.set_content(j.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
    send_json(res, {{"error", message}}, status);
}

// Whether `text` nests arrays and objects at most MaxDepth deep, so that parsing it and freeing
// the result cannot exhaust the stack.
bool shallow(std::string_view text) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > MaxDepth) return false;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return true;
}

// The request's body as JSON, or nullopt after answering 400.
std::optional<nlohmann::json> json_body(const httplib::Request& req, httplib::Response& res) {
    if (!shallow(req.body)) {
        send_error(res, 400, fmt::format("JSON nested deeper than {} levels", MaxDepth));
        return std::nullopt;
    }
    auto j = nlohmann::json::parse(req.body, nullptr, false);
    if (j.is_discarded()) {
        send_error(res, 400, "malformed JSON");
        return std::nullopt;
    }
    return j;
}

// The game of the request's body (with one more move from `extra_move`), or nullopt after 400.
std::optional<WebGame> game_of(const httplib::Request& req, httplib::Response& res,
                               const WebLimits& limits, const char* extra_move = nullptr) {
    const auto body = json_body(req, res);
    if (!body) return std::nullopt;
    auto parsed = parse_game(*body, limits, extra_move);
    if (auto* error = std::get_if<WebError>(&parsed)) {
        send_error(res, 400, error->message);
        return std::nullopt;
    }
    return std::move(std::get<WebGame>(parsed));
}

// A job's token: 1 to 64 letters, digits, '-' and '_'.
bool valid_token(const std::string& token) {
    return !token.empty() && token.size() <= 64 &&
           std::all_of(token.begin(), token.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
           });
}

// The optional "token" of a body: "" when absent, nullopt after 400 when malformed.
std::optional<std::string> token_of(const nlohmann::json& body, httplib::Response& res) {
    const auto t = body.find("token");
    if (t == body.end() || t->is_null()) return std::string();
    if (!t->is_string() || !valid_token(t->get<std::string>())) {
        send_error(res, 400, "\"token\": expected 1 to 64 letters, digits, '-' or '_'");
        return std::nullopt;
    }
    return t->get<std::string>();
}

// Whether the Host header names this machine by a loopback name ("localhost", "127.0.0.1",
// "[::1]", with or without a port). A server bound to a loopback address answers only those: a
// web page elsewhere cannot then reach it through a DNS name rebound to 127.0.0.1.
bool loopback_host(std::string_view host) {
    if (host.starts_with("[::1]")) return host.size() == 5 || host[5] == ':';
    host = host.substr(0, host.find(':'));
    return host == "localhost" || host == "127.0.0.1";
}

bool loopback_address(std::string_view address) {
    return address == "localhost" || address == "::1" || address.starts_with("127.");
}

nlohmann::json presets_json(const WebLimits& limits, double solve_time) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& p : presets())
        list.push_back(
            {{"name", p.name}, {"komi", p.rules.komi()}, {"summary", describe(p.rules)}});
    return {{"presets", list},
            {"max_points", limits.max_points},
            {"solve_time", solve_time},
            {"version", SMALLGO_VERSION}};
}

void add_routes(httplib::Server& svr, WebSolver& solver, const WebLimits& limits,
                double solve_time) {
    for (const WebAsset& asset : web_assets())
        svr.Get(std::string(asset.path), [&asset](const httplib::Request&, httplib::Response& res) {
            res.set_content(asset.body.data(), asset.body.size(), std::string(asset.type).c_str());
        });
    svr.Get("/api/presets", [&limits, solve_time](const httplib::Request&, httplib::Response& res) {
        send_json(res, presets_json(limits, solve_time));
    });
    svr.Post("/api/position", [&limits](const httplib::Request& req, httplib::Response& res) {
        if (auto game = game_of(req, res, limits)) send_json(res, position_json(*game));
    });
    svr.Post("/api/play", [&limits](const httplib::Request& req, httplib::Response& res) {
        if (auto game = game_of(req, res, limits, "move")) send_json(res, position_json(*game));
    });
    svr.Post("/api/solve", [&, solve_time](const httplib::Request& req, httplib::Response& res) {
        auto game = game_of(req, res, limits);
        if (!game) return;
        const auto body = nlohmann::json::parse(req.body);  // valid: game_of parsed it
        const auto token = token_of(body, res);
        if (!token) return;
        double seconds = solve_time;
        if (const auto s = body.find("seconds"); s != body.end() && !s->is_null()) {
            if (!s->is_number() || !(s->get<double>() > 0))
                return send_error(res, 400, "\"seconds\": expected a number of seconds over 0");
            seconds = std::min(seconds, s->get<double>());
        }
        const auto outcome = solver.solve(*game, *token, seconds);
        if (!outcome) return send_error(res, 400, "\"token\": a solve in progress holds it");
        if (outcome->stopped == "busy")
            return send_error(res, 503, "busy: no solver free within the time limit");
        send_json(res, solve_json(*game, *outcome));
    });
    svr.Get("/api/progress", [&solver](const httplib::Request& req, httplib::Response& res) {
        const std::string token = req.get_param_value("token");
        if (!valid_token(token))
            return send_error(res, 400, "token: expected 1 to 64 letters, digits, '-' or '_'");
        send_json(res, solver.progress(token));
    });
    svr.Post("/api/cancel", [&solver](const httplib::Request& req, httplib::Response& res) {
        const auto body = json_body(req, res);
        if (!body) return;
        if (!body->is_object()) return send_error(res, 400, "expected a JSON object");
        const auto token = token_of(*body, res);
        if (!token) return;
        if (token->empty()) return send_error(res, 400, "missing \"token\"");
        send_json(res, {{"cancelled", solver.cancel(*token)}});
    });
    svr.Post("/api/sgf", [&limits](const httplib::Request& req, httplib::Response& res) {
        auto game = game_of(req, res, limits);
        if (!game) return;
        const Geometry& g = game->h.geometry();
        if (g.cols() > MaxSgfColumns)
            return send_error(
                res, 400, fmt::format("SGF has no coordinates beyond {} columns", MaxSgfColumns));
        SgfAnnotations notes;
        if (game->h.game_over()) notes.result = value_short(game->h.result_x2());
        notes.root_comment = fmt::format("Rules {}: {}", game->preset, describe(game->h.rules()));
        const SgfGame sgf{g, game->preset, game->h.rules().komi_x2, game->h.at(0), game->moves, {}};
        res.set_header("Content-Disposition", "attachment; filename=\"smallgo.sgf\"");
        res.set_content(write_sgf(sgf, notes), "application/x-go-sgf");
    });
}

void run_serve(const ServeArgs& a) {
    WebSolverOptions o;
    o.hash_bytes = hash_option(a.hash);
    o.threads = threads_option("--threads", a.threads);
    if (!(a.solve_time > 0 && a.solve_time <= 24 * 3600))
        throw UsageError(
            fmt::format("bad --solve-time {}: expected seconds, at most a day", a.solve_time));
    o.max_seconds = a.solve_time;
    if (a.max_points < 1 || a.max_points > MaxPoints)
        throw UsageError(
            fmt::format("bad --max-points {}: expected 1 to {}", a.max_points, MaxPoints));
    if (a.port < 0 || a.port > 65535)
        throw UsageError(fmt::format("bad --port {}: expected 0 (any free port) to 65535", a.port));
    const WebLimits limits{a.max_points, WebLimits{}.max_moves};

    // A client that goes away mid-answer must not end the program.
    std::signal(SIGPIPE, SIG_IGN);
    StopOnSignals signals;
    WebSolver solver(o, signals.flag());
    httplib::Server svr;
    svr.new_task_queue = [] { return new httplib::ThreadPool(WorkerThreads); };
    svr.set_payload_max_length(MaxBody);
    svr.set_read_timeout(10);
    svr.set_keep_alive_timeout(2);
    svr.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                             {"Content-Security-Policy",
                              "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                              "img-src 'self' data: blob:"}});
    // Errors that no handler answered (404, 413, ...) get a JSON body too.
    svr.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty()) send_error(res, res.status, fmt::format("HTTP {}", res.status));
    });
    // A search whose memory (tables of --hash, a thread's stack) cannot be had meets the server's
    // limit, not a bug: 503 and what to do.
    svr.set_exception_handler([hash = o.hash_bytes](const httplib::Request&, httplib::Response& res,
                                                    std::exception_ptr e) {
        try {
            std::rethrow_exception(e);
        } catch (const std::bad_alloc&) {
            send_error(res, 503, hash_out_of_memory("serve", hash));
        } catch (...) {
            send_error(res, 500, "internal error");
        }
    });
    // cpp-httplib listens with a backlog of 5 (CPPHTTPLIB_LISTEN_BACKLOG, fixed when the library
    // was built), and a burst of new connections overflows it: the kernel then drops or resets
    // them. Linux lets a listening socket's backlog be raised by a second listen(), so the socket
    // is noted here (the last one made before the bind is the bound one) and raised below.
    int listening = -1;
    svr.set_socket_options([&listening](int sock) {
        const int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listening = sock;
    });
    if (loopback_address(a.bind))
        svr.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
            if (loopback_host(req.get_header_value("Host")))
                return httplib::Server::HandlerResponse::Unhandled;
            send_error(res, 403, "this server answers only requests for localhost");
            return httplib::Server::HandlerResponse::Handled;
        });
    add_routes(svr, solver, limits, a.solve_time);

    const int port = a.port == 0 ? svr.bind_to_any_port(a.bind)
                                 : (svr.bind_to_port(a.bind, a.port) ? a.port : -1);
    if (port < 0) throw UsageError(fmt::format("cannot listen on {} port {}", a.bind, a.port));
    if (listening >= 0) ::listen(listening, SOMAXCONN);
    fmt::print("smallgo serve: http://{}:{}/ (Ctrl-C stops)\n", a.bind, port);
    std::fflush(stdout);
    // The signal handler may only set a flag; this thread turns it into stop(), once the server
    // runs (a stop() before that would be lost).
    std::jthread stopper([&](std::stop_token stop) {
        while (!stop.stop_requested() && !(signals.flag()->load() && svr.is_running()))
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (!stop.stop_requested()) svr.stop();
    });
    svr.listen_after_bind();
    stopper.request_stop();
    fmt::print(stderr, "smallgo serve: stopped ({})\n",
               signals.signal() ? signals.reason() : std::string_view("the server ended"));
}
}  // namespace

void add_serve_command(CLI::App& app) {
    auto a = std::make_shared<ServeArgs>();
    auto* cmd = app.add_subcommand(
        "serve", "A local web page to play on a tiny board and see every move's exact value");
    cmd->add_option("--port", a->port, "TCP port, 0 for any free one (default 8080)");
    cmd->add_option("--bind", a->bind,
                    "Address to listen on (default 127.0.0.1: this machine only)");
    cmd->add_option("--hash", a->hash,
                    "Memory of each kept table, one per board and rules, at most 8 at once "
                    "(default 64M)");
    cmd->add_option("--threads", a->threads, threads_help(true));
    cmd->add_option("--max-points", a->max_points,
                    "Largest board accepted, in points (default 16: 4x4)");
    cmd->add_option("--solve-time", a->solve_time,
                    "Longest solve of one request, in seconds (default 60)");
    cmd->footer(
        "The page is at http://127.0.0.1:8080/; the JSON API under /api/ (docs/web.md). Ctrl-C "
        "or SIGTERM stops the server.\n\n"
        "Examples:\n"
        "  smallgo serve\n"
        "  smallgo serve --port 0 --threads 1 --max-points 9");
    cmd->callback([a] { run_serve(*a); });
}

}  // namespace smallgo::cli
