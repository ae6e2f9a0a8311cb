// instrument: roofline-instrument, the helper program that holds Clang. It
// reads one request on its standard input and writes one reply on its
// standard output (count/instrument_protocol: JSON, checked against
// schemas/instrument-*.schema.json both ways), and never loads OpenCL: the
// roofline binary, which loads OpenCL drivers built on any LLVM, links none,
// and two LLVMs in one process crash. Uses: count (the request and the
// result), model and files (the schema check).
//
//   instrumenter.hpp   the counting and the address-recording copies (LibTooling on the AST after macro expansion)
//   typedefs.hpp       a kernel file's typedef names resolved to OpenCL types
//   cost_table.hpp     what each OpenCL C builtin counts for (the README's counting rules)
//   clang_args.hpp     the command line Clang parses a kernel file with
//   source_edits.hpp   text inserted at tokens, also inside macro expansions
//   user_includes.hpp  the user files a kernel file includes, instrumented in place
//   main.cpp           the program: request in, reply out, the exit status
#pragma once

#include "instrument/clang_args.hpp"
#include "instrument/cost_table.hpp"
#include "instrument/instrumenter.hpp"
#include "instrument/typedefs.hpp"
