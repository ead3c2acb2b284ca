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

      /* Status screen `ready` (the customer's device is connected and waiting), title. */
      "status.ready.title" = "أنت متصل الآن";

      /* Status screen `ready`, under the title. */
      "status.ready.subtitle" = "ستظهر سلة التسوق هنا عندما يضيف الموظفون المنتجات.";

      /* Status screen after the payment went through, title. */
      "status.paymentCompleted.title" = "تم الدفع";

      /* Status screen after the payment went through, under the title. */
      "status.paymentCompleted.subtitle" = "شكرًا لك. تمت عملية الدفع بنجاح.";

      /* Status screen when the payment did not go through, title. Must not say the customer was charged. */
      "status.paymentFailed.title" = "لم تكتمل عملية الدفع";

      /* Status screen when the payment did not go through, under the title: the customer follows the staff's lead. Must not say the customer was charged. */
      "status.paymentFailed.subtitle" = "يُرجى مراجعة الموظف الذي يساعدك بشأن طريقة الدفع.";

      /* Status screen at the end of checkout, title. */
      "status.checkoutCompleted.title" = "اكتملت عملية الشراء";

      /* Status screen at the end of checkout, under the title. */
      "status.checkoutCompleted.subtitle" = "شكرًا لك على الشراء.";

      /* Screen when the customer's device lost the connection to the merchant's iPhone, title. */
      "status.disconnected.title" = "انقطع الاتصال";

      /* Screen when the connection was lost, under the title. */
      "status.disconnected.subtitle" = "لم تعد هذه الصفحة متصلة بالمتجر. اطلب من الموظفين إعادة الاتصال إذا لزم الأمر.";

      /* Screen when the merchant closed the session, title. */
      "status.closed.title" = "انتهت الجلسة";

      /* Screen when the merchant closed the session, under the title. */
      "status.closed.subtitle" = "يمكنك إغلاق هذه الصفحة.";

      /* Screen shown when the customer connects, title. %@ is the store name. */
      "welcome.title" = "مرحبًا بك في %@";

      /* Screen shown when the customer connects, title when the store gave no name. */
      "welcome.titleNoStore" = "مرحبًا بك";

      /* Screen shown when the customer connects, under the title. */
      "welcome.subtitle" = "ستظهر هنا سلة التسوق وأي طلبات من المتجر. أنت من يختار ما تشاركه.";

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

      /* Announced by screen readers (a polite live region) when a cart update changes the total. %@ is the new total, formatted. */
      "cart.totalChanged" = "أصبح الإجمالي %@";

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

      /* Status screen `ready` (the customer's device is connected and waiting), title. */
      "status.ready.title" = "Sie sind verbunden";

      /* Status screen `ready`, under the title. */
      "status.ready.subtitle" = "Ihr Warenkorb erscheint hier, sobald das Personal Artikel hinzufügt.";

      /* Status screen after the payment went through, title. */
      "status.paymentCompleted.title" = "Zahlung abgeschlossen";

      /* Status screen after the payment went through, under the title. */
      "status.paymentCompleted.subtitle" = "Vielen Dank. Ihre Zahlung ist eingegangen.";

      /* Status screen when the payment did not go through, title. Must not say the customer was charged. */
      "status.paymentFailed.title" = "Die Zahlung wurde nicht ausgeführt";

      /* Status screen when the payment did not go through, under the title: the customer follows the staff's lead. Must not say the customer was charged. */
      "status.paymentFailed.subtitle" = "Bitte klären Sie mit der Person, die Sie bedient, wie Sie bezahlen können.";

      /* Status screen at the end of checkout, title. */
      "status.checkoutCompleted.title" = "Einkauf abgeschlossen";

      /* Status screen at the end of checkout, under the title. */
      "status.checkoutCompleted.subtitle" = "Vielen Dank für Ihren Einkauf.";

      /* Screen when the customer's device lost the connection to the merchant's iPhone, title. */
      "status.disconnected.title" = "Verbindung getrennt";

      /* Screen when the connection was lost, under the title. */
      "status.disconnected.subtitle" = "Diese Seite ist nicht mehr mit dem Geschäft verbunden. Bitten Sie das Personal bei Bedarf, die Verbindung erneut herzustellen.";

      /* Screen when the merchant closed the session, title. */
      "status.closed.title" = "Sitzung beendet";

      /* Screen when the merchant closed the session, under the title. */
      "status.closed.subtitle" = "Sie können diese Seite schließen.";

      /* Screen shown when the customer connects, title. %@ is the store name. */
      "welcome.title" = "Willkommen bei %@";

      /* Screen shown when the customer connects, title when the store gave no name. */
      "welcome.titleNoStore" = "Willkommen";

      /* Screen shown when the customer connects, under the title. */
      "welcome.subtitle" = "Ihr Warenkorb und Anfragen des Geschäfts erscheinen hier. Sie entscheiden, was Sie teilen.";

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

      /* Announced by screen readers (a polite live region) when a cart update changes the total. %@ is the new total, formatted. */
      "cart.totalChanged" = "Der Gesamtbetrag beträgt jetzt %@";

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

      /* Status screen `ready` (the customer's device is connected and waiting), title. */
      "status.ready.title" = "You're connected";

      /* Status screen `ready`, under the title. */
      "status.ready.subtitle" = "Your cart will appear here as the staff adds items.";

      /* Status screen after the payment went through, title. */
      "status.paymentCompleted.title" = "Payment completed";

      /* Status screen after the payment went through, under the title. */
      "status.paymentCompleted.subtitle" = "Thank you. Your payment went through.";

      /* Status screen when the payment did not go through, title. Must not say the customer was charged. */
      "status.paymentFailed.title" = "Payment didn't go through";

      /* Status screen when the payment did not go through, under the title: the customer follows the staff's lead. Must not say the customer was charged. */
      "status.paymentFailed.subtitle" = "Please check with the staff member helping you about how to pay.";

      /* Status screen at the end of checkout, title. */
      "status.checkoutCompleted.title" = "Checkout completed";

      /* Status screen at the end of checkout, under the title. */
      "status.checkoutCompleted.subtitle" = "Thank you for your purchase.";

      /* Screen when the customer's device lost the connection to the merchant's iPhone, title. */
      "status.disconnected.title" = "Disconnected";

      /* Screen when the connection was lost, under the title. */
      "status.disconnected.subtitle" = "This page is no longer connected to the store. Ask the staff to connect again if you need to.";

      /* Screen when the merchant closed the session, title. */
      "status.closed.title" = "Session ended";

      /* Screen when the merchant closed the session, under the title. */
      "status.closed.subtitle" = "You can close this page.";

      /* Screen shown when the customer connects, title. %@ is the store name. */
      "welcome.title" = "Welcome to %@";

      /* Screen shown when the customer connects, title when the store gave no name. */
      "welcome.titleNoStore" = "Welcome";

      /* Screen shown when the customer connects, under the title. */
      "welcome.subtitle" = "Your cart and any requests from the store will appear here. You choose what to share.";

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

      /* Announced by screen readers (a polite live region) when a cart update changes the total. %@ is the new total, formatted. */
      "cart.totalChanged" = "The total is now %@";

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

      /* Status screen `ready` (the customer's device is connected and waiting), title. */
      "status.ready.title" = "Estás conectado";

      /* Status screen `ready`, under the title. */
      "status.ready.subtitle" = "Tu carrito aparecerá aquí a medida que el personal añada artículos.";

      /* Status screen after the payment went through, title. */
      "status.paymentCompleted.title" = "Pago completado";

      /* Status screen after the payment went through, under the title. */
      "status.paymentCompleted.subtitle" = "Gracias. Tu pago se ha procesado.";

      /* Status screen when the payment did not go through, title. Must not say the customer was charged. */
      "status.paymentFailed.title" = "No se pudo completar el pago";

      /* Status screen when the payment did not go through, under the title: the customer follows the staff's lead. Must not say the customer was charged. */
      "status.paymentFailed.subtitle" = "Consulta con el miembro del personal que te atiende cómo pagar.";

      /* Status screen at the end of checkout, title. */
      "status.checkoutCompleted.title" = "Compra completada";

      /* Status screen at the end of checkout, under the title. */
      "status.checkoutCompleted.subtitle" = "Gracias por tu compra.";

      /* Screen when the customer's device lost the connection to the merchant's iPhone, title. */
      "status.disconnected.title" = "Desconectado";

      /* Screen when the connection was lost, under the title. */
      "status.disconnected.subtitle" = "Esta página ya no está conectada con la tienda. Pide al personal que vuelva a conectar si lo necesitas.";

      /* Screen when the merchant closed the session, title. */
      "status.closed.title" = "Sesión finalizada";

      /* Screen when the merchant closed the session, under the title. */
      "status.closed.subtitle" = "Puedes cerrar esta página.";

      /* Screen shown when the customer connects, title. %@ is the store name. */
      "welcome.title" = "Bienvenido a %@";

      /* Screen shown when the customer connects, title when the store gave no name. */
      "welcome.titleNoStore" = "Bienvenido";

      /* Screen shown when the customer connects, under the title. */
      "welcome.subtitle" = "Tu carrito y las solicitudes de la tienda aparecerán aquí. Tú decides qué compartir.";

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

      /* Announced by screen readers (a polite live region) when a cart update changes the total. %@ is the new total, formatted. */
      "cart.totalChanged" = "El total ahora es %@";

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

      /* Status screen `ready` (the customer's device is connected and waiting), title. */
      "status.ready.title" = "Vous êtes connecté";

      /* Status screen `ready`, under the title. */
      "status.ready.subtitle" = "Votre panier apparaîtra ici au fur et à mesure que le personnel ajoute des articles.";

      /* Status screen after the payment went through, title. */
      "status.paymentCompleted.title" = "Paiement effectué";

      /* Status screen after the payment went through, under the title. */
      "status.paymentCompleted.subtitle" = "Merci. Votre paiement a bien été accepté.";

      /* Status screen when the payment did not go through, title. Must not say the customer was charged. */
      "status.paymentFailed.title" = "Le paiement n'a pas abouti";

      /* Status screen when the payment did not go through, under the title: the customer follows the staff's lead. Must not say the customer was charged. */
      "status.paymentFailed.subtitle" = "Veuillez voir avec le membre du personnel qui vous aide comment régler.";

      /* Status screen at the end of checkout, title. */
      "status.checkoutCompleted.title" = "Commande terminée";

      /* Status screen at the end of checkout, under the title. */
      "status.checkoutCompleted.subtitle" = "Merci pour votre achat.";

      /* Screen when the customer's device lost the connection to the merchant's iPhone, title. */
      "status.disconnected.title" = "Déconnecté";

      /* Screen when the connection was lost, under the title. */
      "status.disconnected.subtitle" = "Cette page n'est plus connectée au magasin. Demandez au personnel de vous reconnecter si nécessaire.";

      /* Screen when the merchant closed the session, title. */
      "status.closed.title" = "Session terminée";

      /* Screen when the merchant closed the session, under the title. */
      "status.closed.subtitle" = "Vous pouvez fermer cette page.";

      /* Screen shown when the customer connects, title. %@ is the store name. */
      "welcome.title" = "Bienvenue chez %@";

      /* Screen shown when the customer connects, title when the store gave no name. */
      "welcome.titleNoStore" = "Bienvenue";

      /* Screen shown when the customer connects, under the title. */
      "welcome.subtitle" = "Votre panier et les demandes du magasin apparaîtront ici. Vous choisissez ce que vous partagez.";

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

      /* Announced by screen readers (a polite live region) when a cart update changes the total. %@ is the new total, formatted. */
      "cart.totalChanged" = "Le total est maintenant de %@";

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

      /* Status screen `ready` (the customer's device is connected and waiting), title. */
      "status.ready.title" = "आप कनेक्ट हैं";

      /* Status screen `ready`, under the title. */
      "status.ready.subtitle" = "स्टाफ़ के आइटम जोड़ने पर आपका कार्ट यहाँ दिखेगा।";

      /* Status screen after the payment went through, title. */
      "status.paymentCompleted.title" = "भुगतान पूरा हुआ";

      /* Status screen after the payment went through, under the title. */
      "status.paymentCompleted.subtitle" = "धन्यवाद। आपका भुगतान हो गया है।";

      /* Status screen when the payment did not go through, title. Must not say the customer was charged. */
      "status.paymentFailed.title" = "भुगतान पूरा नहीं हुआ";

      /* Status screen when the payment did not go through, under the title: the customer follows the staff's lead. Must not say the customer was charged. */
      "status.paymentFailed.subtitle" = "भुगतान कैसे करें, इसके लिए कृपया आपकी मदद कर रहे स्टाफ़ सदस्य से पूछें।";

      /* Status screen at the end of checkout, title. */
      "status.checkoutCompleted.title" = "चेकआउट पूरा हुआ";

      /* Status screen at the end of checkout, under the title. */
      "status.checkoutCompleted.subtitle" = "खरीदारी के लिए धन्यवाद।";

      /* Screen when the customer's device lost the connection to the merchant's iPhone, title. */
      "status.disconnected.title" = "कनेक्शन टूट गया";

      /* Screen when the connection was lost, under the title. */
      "status.disconnected.subtitle" = "यह पेज अब स्टोर से कनेक्ट नहीं है। ज़रूरत हो तो स्टाफ़ से दोबारा कनेक्ट करने को कहें।";

      /* Screen when the merchant closed the session, title. */
      "status.closed.title" = "सत्र समाप्त हुआ";

      /* Screen when the merchant closed the session, under the title. */
      "status.closed.subtitle" = "अब आप यह पेज बंद कर सकते हैं।";

      /* Screen shown when the customer connects, title. %@ is the store name. */
      "welcome.title" = "%@ में आपका स्वागत है";

      /* Screen shown when the customer connects, title when the store gave no name. */
      "welcome.titleNoStore" = "स्वागत है";

      /* Screen shown when the customer connects, under the title. */
      "welcome.subtitle" = "आपका कार्ट और स्टोर के अनुरोध यहाँ दिखेंगे। क्या साझा करना है, यह आप तय करते हैं।";

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

      /* Announced by screen readers (a polite live region) when a cart update changes the total. %@ is the new total, formatted. */
      "cart.totalChanged" = "कुल राशि अब %@ है";

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

      /* Status screen `ready` (the customer's device is connected and waiting), title. */
      "status.ready.title" = "接続されました";

      /* Status screen `ready`, under the title. */
      "status.ready.subtitle" = "スタッフが商品を追加すると、ここにカートが表示されます。";

      /* Status screen after the payment went through, title. */
      "status.paymentCompleted.title" = "支払いが完了しました";

      /* Status screen after the payment went through, under the title. */
      "status.paymentCompleted.subtitle" = "ありがとうございます。お支払いが完了しました。";

      /* Status screen when the payment did not go through, title. Must not say the customer was charged. */
      "status.paymentFailed.title" = "支払いを完了できませんでした";

      /* Status screen when the payment did not go through, under the title: the customer follows the staff's lead. Must not say the customer was charged. */
      "status.paymentFailed.subtitle" = "お支払い方法については、対応しているスタッフにご確認ください。";

      /* Status screen at the end of checkout, title. */
      "status.checkoutCompleted.title" = "チェックアウトが完了しました";

      /* Status screen at the end of checkout, under the title. */
      "status.checkoutCompleted.subtitle" = "ご購入ありがとうございました。";

      /* Screen when the customer's device lost the connection to the merchant's iPhone, title. */
      "status.disconnected.title" = "接続が切れました";

      /* Screen when the connection was lost, under the title. */
      "status.disconnected.subtitle" = "このページはストアとの接続が切れています。必要な場合は、スタッフに再接続を依頼してください。";

      /* Screen when the merchant closed the session, title. */
      "status.closed.title" = "セッションが終了しました";

      /* Screen when the merchant closed the session, under the title. */
      "status.closed.subtitle" = "このページを閉じてもかまいません。";

      /* Screen shown when the customer connects, title. %@ is the store name. */
      "welcome.title" = "%@ へようこそ";

      /* Screen shown when the customer connects, title when the store gave no name. */
      "welcome.titleNoStore" = "ようこそ";

      /* Screen shown when the customer connects, under the title. */
      "welcome.subtitle" = "カートやストアからのリクエストはここに表示されます。共有する内容はご自身で選べます。";

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

      /* Announced by screen readers (a polite live region) when a cart update changes the total. %@ is the new total, formatted. */
      "cart.totalChanged" = "合計は%@になりました";

      /* Placeholder screen while the cart has no items. */
      "cart.empty.title" = "カートは空です";

      /* Placeholder screen, under the title: the merchant is adding items. */
      "cart.empty.message" = "追加された商品がここに表示されます。";

      """#
    ),
  ]
}
