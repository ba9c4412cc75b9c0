// smallgo: the command-line program. Registers the subcommands, turns `smallgo help [COMMAND]`
// into `--help`, answers a missing or unknown command, runs the command, and is the one place
// that prints errors and picks the exit code: 0 done (a node or time limit included), 1 a check
// that failed (a rejected certificate, a certificate not written), 2 bad input or a missing
// command, 3 an internal error (a bug), 130 and 143 stopped by SIGINT and SIGTERM after printing
// what was proved.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/spelling.hpp"

#ifndef SMALLGO_VERSION
#error "SMALLGO_VERSION comes from project(VERSION) in the top CMakeLists.txt"
#endif

namespace {

// The names of the subcommands, in the order they were registered.
std::vector<std::string> command_names(CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::App* cmd : app.get_subcommands({})) names.push_back(cmd->get_name());
    return names;
}

// The command list for `smallgo` alone: one line per command and how to get help.
std::string command_list(CLI::App& app) {
    std::string text = "usage: smallgo COMMAND [OPTIONS]\n\nCommands:\n";
    for (const CLI::App* cmd : app.get_subcommands({}))
        text += fmt::format("  {:<8} {}\n", cmd->get_name(), cmd->get_description());
    text +=
        "\n'smallgo help COMMAND' (or 'smallgo COMMAND --help') shows a command's options;\n"
        "'smallgo --help' shows this list with the options of smallgo itself.\n";
    return text;
}

// What to say when a command runs out of memory: the option that sizes its tables, where it has
// one (verify, replay and rules have none; their memory is the input's).
std::string out_of_memory_line(CLI::App& app) {
    for (CLI::App* cmd : app.get_subcommands()) {
        for (const char* option : {"--hash", "--memory"})
            if (cmd->get_option_no_throw(option) != nullptr)
                return fmt::format("out of memory (a smaller {} may fit)", option);
        return fmt::format("out of memory: '{}' needs more than this process may have",
                           cmd->get_name());
    }
    return "out of memory";
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"smallgo: exact solutions of Go on tiny boards and counts of legal positions",
                 "smallgo"};
    app.require_subcommand(0, 1);
    app.set_version_flag("--version", "smallgo " SMALLGO_VERSION);
    app.set_help_all_flag("--help-all", "Help for every subcommand");
    app.footer(
        "'smallgo help COMMAND' or 'smallgo COMMAND --help' shows a command's options.\n"
        "Searches and counts use every core by default; --threads 1 gives reproducible node "
        "counts.\n\n"
        "Examples:\n"
        "  smallgo solve 3x3 --threads 1\n"
        "  smallgo count 5x5\n"
        "  smallgo rules");
    smallgo::cli::add_rules_command(app);
    smallgo::cli::add_replay_command(app);
    smallgo::cli::add_count_command(app);
    smallgo::cli::add_solve_command(app);
    smallgo::cli::add_table_command(app);
    smallgo::cli::add_bench_command(app);
    smallgo::cli::add_gtp_command(app);
#ifdef SMALLGO_SERVE
    smallgo::cli::add_serve_command(app);
#endif
    smallgo::cli::add_games_command(app);
    smallgo::cli::add_verify_command(app);

    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "help") {
        // `smallgo help` is `smallgo --help`; `smallgo help solve` is `smallgo solve --help`.
        args.erase(args.begin());
        args.resize(std::min<std::size_t>(args.size(), 1));
        args.push_back("--help");
    }
    if (!args.empty() && !args[0].starts_with("-")) {
        const auto names = command_names(app);
        if (std::find(names.begin(), names.end(), args[0]) == names.end()) {
            const auto guess = smallgo::cli::nearest(args[0], names);
            fmt::print(stderr, "smallgo: unknown command '{}'; {}\n", args[0],
                       guess ? fmt::format("did you mean '{}'?", *guess)
                             : std::string("'smallgo --help' lists the commands"));
            return 2;
        }
    }
    std::vector<const char*> words{argv[0]};
    for (const auto& a : args) words.push_back(a.c_str());

    try {
        app.parse(static_cast<int>(words.size()), words.data());
    } catch (const CLI::Success& e) {  // --help, --help-all, --version
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        fmt::print(stderr, "smallgo: {}\n", e.what());
        return 2;
    } catch (const smallgo::cli::UsageError& e) {
        fmt::print(stderr, "smallgo: {}\n", e.what());
        return 2;
    } catch (const smallgo::cli::CheckFailed& e) {
        fmt::print(stderr, "smallgo: {}\n", e.what());
        return 1;
    } catch (const smallgo::cli::Stopped& e) {
        fmt::print(stderr, "smallgo: {}\n", e.what);
        return e.exit_code;
    } catch (const std::bad_alloc&) {
        fmt::print(stderr, "smallgo: {}\n", out_of_memory_line(app));
        return 2;
    } catch (const std::exception& e) {  // a bug: one line, never an abort
        fmt::print(stderr, "smallgo: internal error: {} (please report it)\n", e.what());
        return 3;
    }
    if (app.get_subcommands().empty()) {
        fmt::print(stderr, "{}", command_list(app));
        return 2;
    }
    return 0;
}
