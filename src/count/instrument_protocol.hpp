// count/instrument_protocol: the instrumenter's protocol. roofline writes one
// request (a JSON object, schemas/instrument-request.schema.json) on the
// standard input of roofline-instrument, which writes one reply
// (schemas/instrument-reply.schema.json) on its standard output and exits
// with the status that says what the reply holds (InstrumenterExit). Both
// sides check what they read against its schema. Strings are written with
// invalid UTF-8 replaced (JSON holds Unicode): a kernel file's stray Latin-1
// byte in a comment reaches Clang as U+FFFD.
#pragma once
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "count/instrument.hpp"

namespace roofline {

// What the helper is asked to do.
enum class InstrumentTask { count, record, typedefs };

// roofline-instrument's exit status, with the reply each one comes with.
enum class InstrumenterExit : int {
  done = 0,               // "instrumented" or "typedefs"
  internal = 1,           // "error" internal (a defect), when it got as far as writing it
  bad_request = 2,        // "error" request: not JSON, not valid against its schema, or a command-line word
  cannot_instrument = 3,  // "error" instrument: Clang's diagnostics or a construct named (InstrumentError)
};

// The reply's error kinds, in the order of the schema's enum.
enum class ReplyErrorKind { request, instrument, internal };

// A typedef name -> the OpenCL type behind it ("real" -> "float").
using TypedefNames = std::map<std::string, std::string>;

nlohmann::json request_json(const InstrumentRequest& request, InstrumentTask task);
// Of a request valid against its schema.
InstrumentTask task_of(const nlohmann::json& request);
InstrumentRequest request_of(const nlohmann::json& request);

nlohmann::json instrumented_reply(const InstrumentResult& result);
nlohmann::json typedefs_reply(const TypedefNames& typedefs);
nlohmann::json error_reply(ReplyErrorKind kind, const std::string& message);

// A reply valid against its schema: one of the three.
struct ReplyError {
  ReplyErrorKind kind = ReplyErrorKind::internal;
  std::string message;
};
struct InstrumenterReply {
  std::optional<InstrumentResult> instrumented;
  std::optional<TypedefNames> typedefs;
  std::optional<ReplyError> error;
};
InstrumenterReply reply_of(const nlohmann::json& reply);

// The text of a request or reply, as the other side reads it.
std::string protocol_text(const nlohmann::json& document);

}  // namespace roofline
