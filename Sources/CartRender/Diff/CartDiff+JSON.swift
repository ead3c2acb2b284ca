import RenderCore

extension CartDiff {
  /// The contract's `diff` output, members in the contract's order:
  /// `{"inserted": [id], "removed": [id], "moved": [id], "updated": [{"id", "fields"}],
  /// "summaryChanged": bool, "totalChanged": bool}`. Write it with
  /// `JSONOutput.render(_:scalarArraysInline:)` for stable bytes.
  package var json: JSONValue {
    .object([
      (key: "inserted", value: Self.ids(inserted)),
      (key: "removed", value: Self.ids(removed)),
      (key: "moved", value: Self.ids(moved)),
      (
        key: "updated",
        value: .array(
          updated.map { update in
            .object([
              (key: "id", value: .string(update.id)),
              (key: "fields", value: .array(update.fields.map { .string($0.rawValue) })),
            ])
          })
      ),
      (key: "summaryChanged", value: .bool(summaryChanged)),
      (key: "totalChanged", value: .bool(totalChanged)),
    ])
  }

  private static func ids(_ ids: [String]) -> JSONValue { .array(ids.map(JSONValue.string)) }
}
