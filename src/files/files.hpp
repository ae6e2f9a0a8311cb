// files: the ground floor. Reading the files a user names and writing the
// files roofline makes, whole or not at all, and checking a JSON input
// against its schema with messages that name the file and the field. Knows
// nothing of rooflines: no other layer, no OpenCL; the model reads its
// documents through it.
//
//   input_file.hpp       a file the user names, read whole up to a cap on its size
//   json_input.hpp       a JSON input parsed and checked by its schema, errors naming the file and the field
//   schema.hpp           the files' JSON Schemas (schemas/, compiled in) and the check against them
//   schema_words.hpp     a validator's finding in words: the field as a JSON pointer, what was wanted
//   atomic_file.hpp      result files written whole or not at all
//   file_errors.hpp      an input that cannot be read, an output that cannot be written
//   file_descriptor.hpp  a descriptor closed on every path
#pragma once

#include "files/atomic_file.hpp"
#include "files/file_descriptor.hpp"
#include "files/file_errors.hpp"
#include "files/input_file.hpp"
#include "files/json_input.hpp"
#include "files/schema.hpp"
#include "files/schema_words.hpp"
