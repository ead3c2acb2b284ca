// swift-format-ignore-file
// Generated from locales/*.strings by scripts/embed-locales. Do not edit: edit the
// strings files and run the script; a test fails while the two differ.

enum EmbeddedLocales {
  static let files: [(tag: String, text: String)] = [
    (
      "ar",
      #"""
      /* Session header, under the store name. %@ is the merchant device's or salesperson's name, e.g. "Emily". */
      "header.connectedTo" = "متصل بـ %@";

      /* Link to the merchant's privacy policy, on every screen. */
      "header.privacyPolicy" = "سياسة الخصوصية";

      /* Link to the merchant's website, in the session header. */
      "header.website" = "الموقع الإلكتروني";

      /* Plain-text preview only: a link as its label and address. %1$@ is the label ("Privacy Policy"), %2$@ the URL. */
      "text.link" = "%1$@: %2$@";

      /* Heading of the cart screen, and the page title. */
      "cart.title" = "سلة التسوق";

      /* Heading for the list of items; read by screen readers only. */
      "cart.itemsHeading" = "المنتجات";

      /* Quantity of one cart line. %@ is the number, in the locale's digits. */
      "cart.quantity" = "الكمية %@";

      /* Read by screen readers for a discounted line. %1$@ is the original price, %2$@ the price after discounts. */
      "cart.priceWasNow" = "كان %1$@، والآن %2$@";

      /* Plain-text preview: the original price of a discounted line, shown beside the quantity. %@ is the amount. */
      "cart.priceWas" = "كان %@";

      /* Name of the summary section (subtotal, discounts, tax); read by screen readers only. */
      "cart.summaryHeading" = "الملخص";

      /* Label of the amount the customer pays. */
      "cart.total" = "الإجمالي";

      /* Placeholder screen while the cart has no items. */
      "cart.empty.title" = "سلة التسوق فارغة";

      /* Placeholder screen, under the title: the merchant is adding items. */
      "cart.empty.message" = "ستظهر المنتجات هنا عند إضافتها.";

      """#
    ),
    (
      "de",
      #"""
      /* Session header, under the store name. %@ is the merchant device's or salesperson's name, e.g. "Emily". */
      "header.connectedTo" = "Verbunden mit %@";

      /* Link to the merchant's privacy policy, on every screen. */
      "header.privacyPolicy" = "Datenschutzerklärung";

      /* Link to the merchant's website, in the session header. */
      "header.website" = "Website";

      /* Plain-text preview only: a link as its label and address. %1$@ is the label ("Privacy Policy"), %2$@ the URL. */
      "text.link" = "%1$@: %2$@";

      /* Heading of the cart screen, and the page title. */
      "cart.title" = "Ihr Warenkorb";

      /* Heading for the list of items; read by screen readers only. */
      "cart.itemsHeading" = "Artikel";

      /* Quantity of one cart line. %@ is the number, in the locale's digits. */
      "cart.quantity" = "Menge %@";

      /* Read by screen readers for a discounted line. %1$@ is the original price, %2$@ the price after discounts. */
      "cart.priceWasNow" = "Vorher %1$@, jetzt %2$@";

      /* Plain-text preview: the original price of a discounted line, shown beside the quantity. %@ is the amount. */
      "cart.priceWas" = "vorher %@";

      /* Name of the summary section (subtotal, discounts, tax); read by screen readers only. */
      "cart.summaryHeading" = "Übersicht";

      /* Label of the amount the customer pays. */
      "cart.total" = "Gesamt";

      /* Placeholder screen while the cart has no items. */
      "cart.empty.title" = "Ihr Warenkorb ist leer";

      /* Placeholder screen, under the title: the merchant is adding items. */
      "cart.empty.message" = "Artikel erscheinen hier, sobald sie hinzugefügt werden.";

      """#
    ),
    (
      "en",
      #"""
      /* Session header, under the store name. %@ is the merchant device's or salesperson's name, e.g. "Emily". */
      "header.connectedTo" = "Connected to %@";

      /* Link to the merchant's privacy policy, on every screen. */
      "header.privacyPolicy" = "Privacy Policy";

      /* Link to the merchant's website, in the session header. */
      "header.website" = "Website";

      /* Plain-text preview only: a link as its label and address. %1$@ is the label ("Privacy Policy"), %2$@ the URL. */
      "text.link" = "%1$@: %2$@";

      /* Heading of the cart screen, and the page title. */
      "cart.title" = "Your Cart";

      /* Heading for the list of items; read by screen readers only. */
      "cart.itemsHeading" = "Items";

      /* Quantity of one cart line. %@ is the number, in the locale's digits. */
      "cart.quantity" = "Qty %@";

      /* Read by screen readers for a discounted line. %1$@ is the original price, %2$@ the price after discounts. */
      "cart.priceWasNow" = "Was %1$@, now %2$@";

      /* Plain-text preview: the original price of a discounted line, shown beside the quantity. %@ is the amount. */
      "cart.priceWas" = "was %@";

      /* Name of the summary section (subtotal, discounts, tax); read by screen readers only. */
      "cart.summaryHeading" = "Summary";

      /* Label of the amount the customer pays. */
      "cart.total" = "Total";

      /* Placeholder screen while the cart has no items. */
      "cart.empty.title" = "Your cart is empty";

      /* Placeholder screen, under the title: the merchant is adding items. */
      "cart.empty.message" = "Items will appear here as they are added.";

      """#
    ),
    (
      "es",
      #"""
      /* Session header, under the store name. %@ is the merchant device's or salesperson's name, e.g. "Emily". */
      "header.connectedTo" = "Conectado con %@";

      /* Link to the merchant's privacy policy, on every screen. */
      "header.privacyPolicy" = "Política de privacidad";

      /* Link to the merchant's website, in the session header. */
      "header.website" = "Sitio web";

      /* Plain-text preview only: a link as its label and address. %1$@ is the label ("Privacy Policy"), %2$@ the URL. */
      "text.link" = "%1$@: %2$@";

      /* Heading of the cart screen, and the page title. */
      "cart.title" = "Tu carrito";

      /* Heading for the list of items; read by screen readers only. */
      "cart.itemsHeading" = "Artículos";

      /* Quantity of one cart line. %@ is the number, in the locale's digits. */
      "cart.quantity" = "Cant. %@";

      /* Read by screen readers for a discounted line. %1$@ is the original price, %2$@ the price after discounts. */
      "cart.priceWasNow" = "Antes %1$@, ahora %2$@";

      /* Plain-text preview: the original price of a discounted line, shown beside the quantity. %@ is the amount. */
      "cart.priceWas" = "antes %@";

      /* Name of the summary section (subtotal, discounts, tax); read by screen readers only. */
      "cart.summaryHeading" = "Resumen";

      /* Label of the amount the customer pays. */
      "cart.total" = "Total";

      /* Placeholder screen while the cart has no items. */
      "cart.empty.title" = "Tu carrito está vacío";

      /* Placeholder screen, under the title: the merchant is adding items. */
      "cart.empty.message" = "Los artículos aparecerán aquí a medida que se añadan.";

      """#
    ),
    (
      "fr",
      #"""
      /* Session header, under the store name. %@ is the merchant device's or salesperson's name, e.g. "Emily". */
      "header.connectedTo" = "Connecté à %@";

      /* Link to the merchant's privacy policy, on every screen. */
      "header.privacyPolicy" = "Politique de confidentialité";

      /* Link to the merchant's website, in the session header. */
      "header.website" = "Site web";

      /* Plain-text preview only: a link as its label and address. %1$@ is the label ("Privacy Policy"), %2$@ the URL. */
      "text.link" = "%1$@ : %2$@";

      /* Heading of the cart screen, and the page title. */
      "cart.title" = "Votre panier";

      /* Heading for the list of items; read by screen readers only. */
      "cart.itemsHeading" = "Articles";

      /* Quantity of one cart line. %@ is the number, in the locale's digits. */
      "cart.quantity" = "Qté %@";

      /* Read by screen readers for a discounted line. %1$@ is the original price, %2$@ the price after discounts. */
      "cart.priceWasNow" = "Avant %1$@, maintenant %2$@";

      /* Plain-text preview: the original price of a discounted line, shown beside the quantity. %@ is the amount. */
      "cart.priceWas" = "avant %@";

      /* Name of the summary section (subtotal, discounts, tax); read by screen readers only. */
      "cart.summaryHeading" = "Récapitulatif";

      /* Label of the amount the customer pays. */
      "cart.total" = "Total";

      /* Placeholder screen while the cart has no items. */
      "cart.empty.title" = "Votre panier est vide";

      /* Placeholder screen, under the title: the merchant is adding items. */
      "cart.empty.message" = "Les articles apparaîtront ici au fur et à mesure de leur ajout.";

      """#
    ),
    (
      "hi",
      #"""
      /* Session header, under the store name. %@ is the merchant device's or salesperson's name, e.g. "Emily". */
      "header.connectedTo" = "%@ से कनेक्ट है";

      /* Link to the merchant's privacy policy, on every screen. */
      "header.privacyPolicy" = "निजता नीति";

      /* Link to the merchant's website, in the session header. */
      "header.website" = "वेबसाइट";

      /* Plain-text preview only: a link as its label and address. %1$@ is the label ("Privacy Policy"), %2$@ the URL. */
      "text.link" = "%1$@: %2$@";

      /* Heading of the cart screen, and the page title. */
      "cart.title" = "आपका कार्ट";

      /* Heading for the list of items; read by screen readers only. */
      "cart.itemsHeading" = "आइटम";

      /* Quantity of one cart line. %@ is the number, in the locale's digits. */
      "cart.quantity" = "मात्रा %@";

      /* Read by screen readers for a discounted line. %1$@ is the original price, %2$@ the price after discounts. */
      "cart.priceWasNow" = "पहले %1$@, अब %2$@";

      /* Plain-text preview: the original price of a discounted line, shown beside the quantity. %@ is the amount. */
      "cart.priceWas" = "पहले %@";

      /* Name of the summary section (subtotal, discounts, tax); read by screen readers only. */
      "cart.summaryHeading" = "सारांश";

      /* Label of the amount the customer pays. */
      "cart.total" = "कुल";

      /* Placeholder screen while the cart has no items. */
      "cart.empty.title" = "आपका कार्ट खाली है";

      /* Placeholder screen, under the title: the merchant is adding items. */
      "cart.empty.message" = "आइटम जोड़े जाने पर यहाँ दिखेंगे।";

      """#
    ),
    (
      "ja",
      #"""
      /* Session header, under the store name. %@ is the merchant device's or salesperson's name, e.g. "Emily". */
      "header.connectedTo" = "%@ に接続済み";

      /* Link to the merchant's privacy policy, on every screen. */
      "header.privacyPolicy" = "プライバシーポリシー";

      /* Link to the merchant's website, in the session header. */
      "header.website" = "Webサイト";

      /* Plain-text preview only: a link as its label and address. %1$@ is the label ("Privacy Policy"), %2$@ the URL. */
      "text.link" = "%1$@: %2$@";

      /* Heading of the cart screen, and the page title. */
      "cart.title" = "カート";

      /* Heading for the list of items; read by screen readers only. */
      "cart.itemsHeading" = "商品";

      /* Quantity of one cart line. %@ is the number, in the locale's digits. */
      "cart.quantity" = "数量 %@";

      /* Read by screen readers for a discounted line. %1$@ is the original price, %2$@ the price after discounts. */
      "cart.priceWasNow" = "変更前 %1$@、変更後 %2$@";

      /* Plain-text preview: the original price of a discounted line, shown beside the quantity. %@ is the amount. */
      "cart.priceWas" = "変更前 %@";

      /* Name of the summary section (subtotal, discounts, tax); read by screen readers only. */
      "cart.summaryHeading" = "概要";

      /* Label of the amount the customer pays. */
      "cart.total" = "合計";

      /* Placeholder screen while the cart has no items. */
      "cart.empty.title" = "カートは空です";

      /* Placeholder screen, under the title: the merchant is adding items. */
      "cart.empty.message" = "追加された商品がここに表示されます。";

      """#
    ),
  ]
}
