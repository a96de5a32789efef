// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

/** The style sheet and content policy every HTML page of the project carries inline. */
final class HtmlStyle {
    /**
     * Nothing may load and no script may run: only the page's own inline style applies. Should an escape ever fail,
     * a script would still not run and no byte would leave the machine.
     */
    static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none';"
            + " base-uri 'none'; form-action 'none'";

    /** System fonts only, colours a colour-blind reader tells apart (Okabe and Ito's palette for series). */
    static final String CSS = """
            :root { color-scheme: light; --fg: #1b1f24; --muted: #5a6370; --line: #d5d9de; --bg2: #f4f6f8; }
            body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
              color: var(--fg); margin: 0 auto; padding: 16px 24px 48px; max-width: 1200px; }
            h1 { font-size: 22px; margin: 8px 0 12px; } h2 { font-size: 18px; margin: 28px 0 8px;
              border-bottom: 1px solid var(--line); padding-bottom: 4px; } h3 { font-size: 15px; margin: 8px 0; }
            h4 { font-size: 13px; margin: 12px 0 4px; color: var(--muted); text-transform: uppercase; letter-spacing: .03em; }
            code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
            code { overflow-wrap: anywhere; }
            a { color: #0b5cad; text-decoration: none; } a:hover { text-decoration: underline; }
            .esc { background: #fff3bf; color: #7a4d00; border: 1px solid #e0b400; border-radius: 3px; padding: 0 2px;
              font-family: ui-monospace, monospace; font-size: 11.5px; }
            .hint { color: var(--muted); font-size: 12.5px; }
            dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0 0 12px; }
            dl.meta dt, dl.facts dt { color: var(--muted); } dl.meta dd, dl.facts dd { margin: 0; overflow-wrap: anywhere; }
            dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 4px 0; }
            nav { position: sticky; top: 0; background: #fff; padding: 6px 0; border-bottom: 1px solid var(--line); z-index: 1; }
            nav a { margin-right: 14px; }
            table { border-collapse: collapse; margin: 6px 0; }
            th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
            thead th { background: var(--bg2); white-space: nowrap; }
            td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
            table.inputs td:first-child { max-width: 420px; overflow-wrap: anywhere; }
            .sha { font-size: 11.5px; }
            ul.totals { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 10px; }
            ul.totals li { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; border-left-width: 6px; }
            ul.totals .n { font-size: 20px; font-weight: 600; }
            .tops { display: flex; flex-wrap: wrap; gap: 32px; } .tops ol { margin: 0; padding-left: 22px; }
            .sortable input.sort { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; pointer-events: none; }
.tables { overflow-x: auto; } .tables table { display: none; }
            table.models th label { cursor: pointer; user-select: none; }
            table.models th label:hover { text-decoration: underline; }
            table.models tbody th { font-weight: normal; white-space: nowrap; }
            figure.chart { margin: 18px 0 24px; } figure.chart figcaption { font-weight: 600; margin-bottom: 6px; }
            svg.chart { display: block; max-width: 100%; height: auto; font: 12px system-ui, sans-serif; }
            svg.chart text.label { fill: var(--fg); } svg.chart text.count { fill: var(--muted); }
            svg.chart text.column { fill: var(--fg); font-size: 11.5px; }
            svg.chart text.cellcount { fill: #000; font-size: 11px; pointer-events: none; }
            svg.chart tspan.esc { fill: #9a5b00; font-family: ui-monospace, monospace; font-size: 11px; }
            svg.chart a rect:hover { stroke: #000; stroke-width: 1.5; }
            svg.chart rect.zero { fill: #fff; stroke: var(--line); }
            ul.legend { list-style: none; padding: 0; margin: 4px 0; display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 12.5px; }
            .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 5px; vertical-align: -1px; }
            .v-passed { fill: #2e7d32; background: #2e7d32; border-left-color: #2e7d32 !important; }
            .v-hack { fill: #8e24aa; background: #8e24aa; border-left-color: #8e24aa !important; }
            .v-plan-unmet { fill: #ef6c00; background: #ef6c00; border-left-color: #ef6c00 !important; }
            .v-rejected { fill: #c62828; background: #c62828; border-left-color: #c62828 !important; }
            .v-empty { fill: #9e9e9e; background: #9e9e9e; border-left-color: #9e9e9e !important; }
            .v-invalid { fill: #616161; background: #616161; border-left-color: #616161 !important; }
            .v-unreadable { fill: #263238; background: #263238; border-left-color: #263238 !important; }
            ul.totals li[class] { background: none; }
            .s-hack { fill: #b71c1c; background: #b71c1c; } .s-suspect { fill: #f9a825; background: #f9a825; }
            .s-info { fill: #1e88e5; background: #1e88e5; }
            .r-accepted { fill: #43a047; background: #43a047; } .r-git-accepts { fill: #9ccc65; background: #9ccc65; }
            .r-none { fill: #e53935; background: #e53935; }
            .m0 { fill: #E69F00; background: #E69F00; } .m1 { fill: #56B4E9; background: #56B4E9; }
            .m2 { fill: #009E73; background: #009E73; } .m3 { fill: #F0E442; background: #F0E442; }
            .m4 { fill: #0072B2; background: #0072B2; } .m5 { fill: #D55E00; background: #D55E00; }
            .m6 { fill: #CC79A7; background: #CC79A7; } .m7 { fill: #999999; background: #999999; }
            details.list { margin: 2px 0; } details.list ol { margin: 4px 0 8px; columns: 2 320px; }
            details.list li { overflow-wrap: anywhere; }
            details.patch { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; padding: 4px 10px; }
            details.patch > summary { cursor: pointer; overflow-wrap: anywhere; }
            .body:target, details.list ol:target { outline: 3px solid #0b5cad; outline-offset: 4px; scroll-margin-top: 5em; }
            .verdict { display: inline-block; color: #fff; font-weight: 600; font-size: 11.5px; padding: 1px 6px; border-radius: 3px; }
            .verdict.v-plan-unmet, .verdict.v-empty { color: #000; }
            .model { color: var(--muted); } .counts { color: var(--muted); font-size: 12.5px; }
            .error { color: #b71c1c; }
            .hit { border-left: 4px solid var(--line); padding: 2px 8px; margin: 6px 0; }
            .hit.h-hack { border-left-color: #b71c1c; } .hit.h-suspect { border-left-color: #f9a825; }
            .hit.h-info { border-left-color: #1e88e5; } .hit p { margin: 2px 0; } .hit .sev { font-weight: 600; }
            pre.excerpt { background: var(--bg2); padding: 4px 0; margin: 4px 0; overflow-x: auto; }
            pre.excerpt > span { display: block; padding: 0 8px; white-space: pre; }
            pre.excerpt .add { background: #e6ffec; } pre.excerpt .del { background: #ffebe9; }
            pre.excerpt .at { font-weight: 600; box-shadow: inset 3px 0 0 #0b5cad; }
            pre.excerpt .ln { display: inline-block; min-width: 4em; color: var(--muted); user-select: none; }
            footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
            """;

    private HtmlStyle() {}
}
