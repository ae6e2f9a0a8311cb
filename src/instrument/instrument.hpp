// instrument: roofline-instrument, the helper program that holds Clang. It
// reads one request on its standard input and writes one reply on its
// standard output (count/instrument_protocol: JSON, checked against
// schemas/instrument-*.schema.json both ways), and never loads OpenCL: the
// roofline binary, which loads OpenCL drivers built on any LLVM, links none,
// and two LLVMs in one process crash. Uses: count (the request and the
// result), model and files (the schema check).
//
// One class a purpose, as clang-tidy has one check a class:
//
//   instrumenter.hpp     a copy of a kernel file: Clang's LibTooling run on it (the AST after macro expansion)
//   kernel_rewriter.hpp  puts the copy together: the kernel as a function, user functions given the counters
//   cost_walker.hpp      statement to cost: walks every statement and expression, keeps the control flow
//   cost_rules.hpp       the counting rules on Clang's types: slots, lanes, address spaces, the math category
//   cost_table.hpp       what each OpenCL C builtin counts for by its name
//   cost.hpp             a statement's charges, slot by slot
//   charge_writer.hpp    the counting copy's counter updates, and the charges made once per work-item
//   chain_writer.hpp     the counting copy's dependent-chain counters: each work-item's longest chain
//   ast_match.hpp        questions about the AST more than one rewriter asks
//   access_recorder.hpp  the recording copy: every access, branch and barrier writes a record
//   wrapper_emitter.hpp  the generated __kernel around the kernel, from templates/*.cl (templates.hpp)
//   source_edits.hpp     text inserted at tokens, also inside macro expansions
//   source_text.hpp      the text behind AST nodes, and a refusal named at its line
//   user_includes.hpp    the user files a kernel file includes, instrumented in place
//   typedefs.hpp         a kernel file's typedef names resolved to OpenCL types
//   clang_args.hpp       the command line Clang parses a kernel file with
//   main.cpp             the program: request in, reply out, the exit status
#pragma once

#include "instrument/clang_args.hpp"
#include "instrument/cost_table.hpp"
#include "instrument/instrumenter.hpp"
#include "instrument/typedefs.hpp"
