// `smallgo rules`: the presets and what each means.
#include <fmt/core.h>

#include "cli/cli.hpp"

namespace smallgo::cli {

void add_rules_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("rules", "List the rule presets and what each means");
    cmd->callback([] {
        for (const auto& p : presets()) {
            fmt::print("{}\n  {}\n  rules: {}\n  text:  {}\n\n", p.name, p.summary,
                       describe(p.rules), p.source);
        }
        fmt::print(
            "All presets: two consecutive passes end the game; the score is area (stones plus "
            "empty\n"
            "points that reach only that colour), Black minus White minus komi.\n");
    });
}

}  // namespace smallgo::cli
