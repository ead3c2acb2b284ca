// RenderCore is the one module the screens and a library user import: the modules it is
// built from come with it, as NIO's umbrella module brings NIOCore. Their public types
// (`DataErrors`, `JSONPath`) are part of this product's API.
@_exported import RenderBase
@_exported import RenderHTML
@_exported import RenderJSON
@_exported import RenderLocalization
@_exported import RenderMoney
@_exported import RenderSpoken
@_exported import RenderText
