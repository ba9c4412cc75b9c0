// Option values that several subcommands share: sizes with a unit (--hash, --memory), the thread
// count (--threads), the machine's physical memory, and the help text that names the presets.
// Parsers return std::optional (or throw UsageError where a subcommand's callback needs a value
// at once); none of them prints.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "rules/types.hpp"

namespace smallgo::cli {

// Bytes named by a size like "512K", "256M", "2G" or "1.5G" (units are powers of 1024, an
// optional trailing "B" is allowed, a bare number is MB), or nullopt when malformed, zero or
// beyond 2^50 bytes.
std::optional<u64> parse_size(std::string_view text);
// parse_size of an option's value, or UsageError naming `option`.
u64 size_option(std::string_view option, const std::string& text);
// --hash (solve, table) in bytes: a size_option that fits in physical memory, since the search
// touches the whole table and a table in swap would crawl; or UsageError.
u64 hash_option(const std::string& text);
// The size of `bytes` for people: "256 MB", "1.5 GB", "512 KB".
std::string size_text(u64 bytes);
// What a long-running command (gtp, serve) answers when the memory of its search (the tables of
// its --hash of `bytes`, the search thread's stack) cannot be had: the fault and what to do.
std::string hash_out_of_memory(std::string_view command, u64 bytes);
// The machine's physical memory in bytes (0 if the system does not say).
u64 physical_memory();

// The number of cores oneTBB would use: the default of --threads.
int default_threads();
// `threads` when it is 1..1024, or UsageError naming `option`.
int threads_option(std::string_view option, int threads);

// The help line of --threads; for a search (solve, table) it says that one thread gives
// reproducible node counts.
std::string threads_help(bool search);
// The help line of --hash, the same for solve and table.
std::string hash_help(std::string_view default_size);
// The help line of --rules: what it picks and the presets, the default marked.
std::string rules_help();

// The default rules preset of every subcommand.
inline constexpr std::string_view DefaultPreset = "tromp-taylor";
// The default size of solve's and table's transposition table.
inline constexpr std::string_view DefaultHash = "256M";

}  // namespace smallgo::cli
