import RenderCore

/// A request form as the customer is shown it: the request, and what the form keeps
/// between submissions (the values typed, their errors, the request token).
public struct FormScreen: Screen {
  public var request: FormRequest
  /// ``FormState/fresh`` for a form shown for the first time.
  public var state: FormState
  /// The address layouts by region (libaddressinput's, embedded).
  public var formats: AddressFormats

  public init(_ request: FormRequest, state: FormState = .fresh, formats: AddressFormats = .bundled) {
    self.request = request
    self.state = state
    self.formats = formats
  }

  /// The page, as ``FormHTML`` renders it.
  public func htmlUTF8(context: RenderContext) -> [UInt8] {
    FormHTML.renderUTF8(request, context: context, state: state, formats: formats)
  }

  /// The text, as ``FormText`` renders it.
  public func text(context: RenderContext, width: Int) -> String {
    FormText.render(request, context: context, width: width, state: state, formats: formats)
  }
}
