import RenderCore

/// A request form as the customer is shown it: the request, and what the form keeps
/// between submissions (the values typed, their errors, the request token).
public struct FormScreen: Screen {
  package var request: FormRequest
  /// ``FormState/fresh`` for a form shown for the first time.
  package var state: FormState
  /// The address layouts by region (libaddressinput's, embedded).
  package var formats: AddressFormats

  /// A form shown for the first time, its address layouts the embedded ones.
  public init(_ request: FormRequest) {
    self.init(request, state: .fresh, formats: .bundled)
  }

  package init(_ request: FormRequest, state: FormState, formats: AddressFormats = .bundled) {
    self.request = request
    self.state = state
    self.formats = formats
  }

  /// The form page, or its text.
  public func renderUTF8(_ format: OutputFormat, context: RenderContext, width: Int) -> [UInt8] {
    switch format {
    case .html: FormHTML.renderUTF8(request, context: context, state: state, formats: formats)
    case .text: Array(FormText.render(request, context: context, width: width, state: state, formats: formats).utf8)
    case .spoken: FormSpoken.renderUTF8(request, context: context, state: state, formats: formats)
    }
  }
}
