// smallgo: the command-line program. Parses the subcommand with CLI11, runs it, and turns bad
// input into one line on stderr and exit code 2.
#include <cstdio>
#include <new>

#include <fmt/core.h>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
    CLI::App app{"smallgo: exact solutions of Go on tiny boards and counts of legal positions"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Help for every subcommand");
    smallgo::cli::add_rules_command(app);
    smallgo::cli::add_replay_command(app);
    smallgo::cli::add_count_command(app);
    smallgo::cli::add_solve_command(app);
    smallgo::cli::add_table_command(app);
    smallgo::cli::add_bench_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        fmt::print(stderr, "smallgo: {}\n", e.what());
        return 2;
    } catch (const smallgo::cli::UsageError& e) {
        fmt::print(stderr, "smallgo: {}\n", e.what());
        return 2;
    } catch (const smallgo::cli::Interrupted& e) {
        fmt::print(stderr, "smallgo: {}\n", e.what);
        return 130;
    } catch (const std::bad_alloc&) {
        fmt::print(stderr, "smallgo: out of memory (a smaller --hash or --memory may fit)\n");
        return 2;
    }
    return 0;
}
