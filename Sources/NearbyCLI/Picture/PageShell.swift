/// The one HTML page both pictures are drawn on (`map --html` and `runs show --html`): the map
/// left with its attribution under it, a panel right. Callers pass escaped text and markup.
enum PageShell {
    /// The complete document: `title` (escaped), `style` (CSS), `map` (inline SVG), `attribution`
    /// (a paragraph or nothing) and `panel` (the side panel's markup).
    static func page(title: String, style: String, map: String, attribution: String, panel: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <main class="page">
        <section class="map">
        <div class="frame">
        \(map)
        </div>
        \(attribution)</section>
        <aside class="panel">
        \(panel)</aside>
        </main>
        </body>
        </html>

        """
    }
}
