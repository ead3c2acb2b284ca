/// The relay's API described in OpenAPI 3.1 (docs/openapi.yaml, embedded by
/// scripts/embed-data), served as it is at `GET /v1/openapi.yaml`.
package enum OpenAPIDocument {
  package static let yaml = EmbeddedOpenAPI.files.first?.text ?? ""
}
