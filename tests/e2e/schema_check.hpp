// The files the binary writes, checked against the published schemas it
// reads them by (files/schema: the same check every input goes through).
#pragma once
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "files/schema.hpp"
#include "run_binary.hpp"

// "" when the file is valid against the schema of `kind`; else the file and its problem.
inline std::string schema_problem_of(const std::filesystem::path& file, roofline::DocumentKind kind) {
  const auto problem = roofline::schema_problem(nlohmann::json::parse(slurp(file)), kind);
  return problem ? file.string() + ": " + problem->text() : "";
}
