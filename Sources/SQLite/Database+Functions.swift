import CSQLite
import Foundation

/// What an application-defined SQL function of text arguments runs.
private final class TextFunction {
    let body: ([String]) -> String?
    init(_ body: @escaping ([String]) -> String?) { self.body = body }
}

extension Database {
    /// Defines the SQL function `name(text, …)` of `arguments` arguments on this connection:
    /// `body`'s answer as text, or `NULL` where it has none (and where an argument is not
    /// text). Declared deterministic and innocuous, so that triggers and indexes may call it:
    /// a catalog's search indexes are written by triggers that call its own reading of a value.
    package func defineFunction(_ name: String, arguments: Int32, _ body: @escaping ([String]) -> String?) throws {
        let box = Unmanaged.passRetained(TextFunction(body)).toOpaque()
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        try check(
            sqlite3_create_function_v2(
                handle, name, arguments, flags, box,
                { context, count, values in
                    guard let context, let values, let data = sqlite3_user_data(context) else { return }
                    var inputs: [String] = []
                    for index in 0..<Int(count) {
                        guard let value = values[index], sqlite3_value_type(value) == SQLITE_TEXT,
                            let text = sqlite3_value_text(value)
                        else {
                            sqlite3_result_null(context)
                            return
                        }
                        inputs.append(
                            String(
                                decoding: UnsafeRawBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))),
                                as: UTF8.self))
                    }
                    guard let answer = Unmanaged<TextFunction>.fromOpaque(data).takeUnretainedValue().body(inputs)
                    else {
                        sqlite3_result_null(context)
                        return
                    }
                    sqlite3_result_text(context, answer, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
                }, nil, nil,
                { data in
                    if let data { Unmanaged<TextFunction>.fromOpaque(data).release() }
                }), sql: "define function \(name)")
    }
}
