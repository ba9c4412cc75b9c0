// Sizes, threads, memory and the shared help lines (options.hpp).
#include "cli/options.hpp"

#include <unistd.h>

#include <cctype>
#include <charconv>
#include <cmath>

#include <fmt/core.h>
#include <tbb/info.h>

#include "cli/cli.hpp"
#include "rules/rules.hpp"

namespace smallgo::cli {

std::optional<u64> parse_size(std::string_view text) {
    // from_chars for double takes no sign of its own here: "-1" and "+1" stay malformed.
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text.front()))) return {};
    double number = 0;
    auto r = std::from_chars(text.data(), text.data() + text.size(), number);
    if (r.ec != std::errc{}) return {};
    std::string_view unit(r.ptr, text.data() + text.size() - r.ptr);
    if (unit.size() == 2 && (unit[1] == 'B' || unit[1] == 'b')) unit.remove_suffix(1);
    int shift = 20;  // a bare number is MB
    if (unit.size() == 1) {
        switch (std::toupper(static_cast<unsigned char>(unit[0]))) {
            case 'K':
                shift = 10;
                break;
            case 'M':
                shift = 20;
                break;
            case 'G':
                shift = 30;
                break;
            case 'T':
                shift = 40;
                break;
            default:
                return {};
        }
    } else if (!unit.empty()) {
        return {};
    }
    const double bytes = std::ldexp(number, shift);
    if (!(bytes >= 1) || bytes > std::ldexp(1.0, 50)) return {};
    return static_cast<u64>(bytes);
}

u64 size_option(std::string_view option, const std::string& text) {
    if (auto bytes = parse_size(text)) return *bytes;
    throw UsageError(fmt::format(
        "bad {} '{}': expected a size like 512K, 256M or 2G (a bare number is MB)", option, text));
}

u64 hash_option(const std::string& text) {
    const u64 bytes = size_option("--hash", text), physical = physical_memory();
    if (physical > 0 && bytes > physical)
        throw UsageError(fmt::format("bad --hash {}: more than this machine's memory ({})", text,
                                     size_text(physical)));
    return bytes;
}

std::string size_text(u64 bytes) {
    const char* units[] = {"bytes", "KB", "MB", "GB", "TB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024 && unit < 4) value /= 1024, ++unit;
    return fmt::format("{:.{}f} {}", value, value == std::floor(value) ? 0 : 1, units[unit]);
}

std::string hash_out_of_memory(std::string_view command, u64 bytes) {
    return fmt::format(
        "out of memory with --hash {}: the search's tables and stack do not fit (restart "
        "smallgo {} with a smaller --hash)",
        size_text(bytes), command);
}

u64 physical_memory() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? u64(pages) * u64(page) : 0;
}

int default_threads() {
    return tbb::info::default_concurrency();
}

int threads_option(std::string_view option, int threads) {
    if (threads < 1 || threads > 1024)
        throw UsageError(fmt::format("bad {} {}: expected 1..1024", option, threads));
    return threads;
}

std::string threads_help(bool search) {
    return fmt::format("Threads (default: every core, {} here){}", default_threads(),
                       search ? "; --threads 1 gives reproducible node counts" : "");
}

std::string hash_help(std::string_view default_size) {
    return fmt::format(
        "Transposition table size, e.g. 512K, 256M, 2G; a bare number is MB (default {})",
        default_size);
}

std::string rules_help() {
    std::string names;
    for (const auto& p : presets()) {
        if (!names.empty()) names += ", ";
        names += p.name;
        if (p.name == DefaultPreset) names += " (default)";
    }
    return fmt::format("Rules preset: {}; `smallgo rules` says what each means", names);
}

}  // namespace smallgo::cli
