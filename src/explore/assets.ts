/**
 * The explorer's stylesheet and icon, served from this server (the pages' CSP allows nothing else).
 * The system font stack, no web fonts; colours pass WCAG 2.2 AA contrast on their backgrounds.
 */
export const EXPLORE_CSS = `:root{--ink:#1b1b1b;--muted:#4f5358;--brand:#174a8b;--brand-dark:#0e3566;--line:#d9dde3;--soft:#f3f6fa;--warn:#7a4100;--warn-bg:#fff4e0;--good:#1e6b2f;--focus:#ffbf47}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{font:17px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;margin:0;color:var(--ink);background:#fff;overflow-wrap:break-word}
a{color:var(--brand)}a:hover{color:var(--brand-dark)}
a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible,select:focus-visible{outline:3px solid var(--focus);outline-offset:2px;box-shadow:0 0 0 5px var(--ink)}
.skip{position:absolute;left:-999px;top:0;background:var(--focus);color:var(--ink);padding:.5rem 1rem;z-index:2}.skip:focus{left:0}
.wrap{max-width:68rem;margin:0 auto;padding:0 1rem}
header.site{background:var(--brand);color:#fff}
header.site .wrap{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;padding-top:.6rem;padding-bottom:.6rem}
.home{font-weight:700;font-size:1.15rem;color:#fff;text-decoration:none;display:flex;gap:.5rem;align-items:center}.home:hover{color:#fff;text-decoration:underline}
nav.site ul{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;list-style:none;margin:0;padding:0}nav.site a{color:#fff}nav.site a:hover{color:#fff}
form.search{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;margin:.5rem 0 1rem}
form.search label{flex-basis:100%;font-weight:600}
form.search input{flex:1 1 12rem;min-width:0;font:inherit;padding:.55rem .7rem;border:2px solid var(--ink);border-radius:4px}
button,.button{font:inherit;font-weight:600;padding:.55rem 1.1rem;border:0;border-radius:4px;background:var(--brand);color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button:hover,.button:hover{background:var(--brand-dark);color:#fff}
main{padding-bottom:2rem}
h1{font-size:clamp(1.6rem,4vw,2.3rem);line-height:1.2;margin:1.25rem 0 .5rem}
h2{font-size:1.45rem;line-height:1.25;margin:2.25rem 0 .75rem;padding-top:.75rem;border-top:3px solid var(--brand)}
h3{font-size:1.15rem;margin:1.5rem 0 .5rem}h4{font-size:1.05rem;margin:1rem 0 .25rem}h5{font-size:1rem;margin:.75rem 0 .25rem}h6{font-size:.95rem;font-weight:600;margin:.5rem 0 .25rem}
.lede{font-size:1.15rem;max-width:44rem}
.hero{background:var(--soft);border-bottom:1px solid var(--line);padding:1rem 0 .5rem}
.soc{font-variant-numeric:tabular-nums;color:var(--muted);font-weight:400}
.muted,.breadcrumbs{color:var(--muted);font-size:.92rem}
.breadcrumbs{margin:.75rem 0 0}
.cards>ul,main>ul:has(details){list-style:none;padding-left:0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:1rem;margin:1rem 0;padding:0;list-style:none}
.card{border:1px solid var(--line);border-radius:6px;padding:1rem;background:#fff}
.card h2,.card h3{margin:0 0 .5rem;border:0;padding:0;font-size:1.1rem}
.card ol,.card ul{margin:0;padding-left:1.2rem}
.glance{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem;margin:1rem 0;padding:0;list-style:none}
.glance li{border-left:5px solid var(--brand);background:var(--soft);padding:.75rem 1rem;border-radius:0 6px 6px 0}
.glance .label{display:block;font-weight:600;color:var(--muted);font-size:.9rem}
.glance .value{display:block;font-size:1.5rem;font-weight:700;line-height:1.3}
.glance .caption{display:block;font-size:.92rem}
.years{font-size:.92rem;color:var(--muted);max-width:48rem}
nav.contents{margin:1rem 0}nav.contents ul{display:flex;flex-wrap:wrap;gap:.35rem 1rem;list-style:none;padding:0;margin:0}
.table-scroll{overflow-x:auto;max-width:100%}
table.figures,table.downloads,table.compare{border-collapse:collapse;margin:1rem 0;font-variant-numeric:tabular-nums;max-width:100%}
table.figures th,table.figures td,table.downloads th,table.downloads td,table.compare th,table.compare td{border-bottom:1px solid var(--line);padding:.35rem .9rem .35rem 0;text-align:left;vertical-align:top}
table caption{text-align:left;font-weight:600;padding-bottom:.25rem}
table.compare{width:100%}table.compare thead th{font-size:1.05rem}
.withheld{font-style:italic;color:var(--warn)}
.quality{font-size:.8rem;border:1px solid #767676;border-radius:.6rem;padding:0 .45rem;color:var(--ink);white-space:nowrap}
.quality-precise,.quality-reasonable{border-color:var(--good)}.quality-acceptable{border-color:var(--warn)}.quality-unreliable{border-color:#b00020}.quality-unassessed{border-style:dashed}
.unavailable{background:var(--warn-bg);border-left:4px solid var(--warn);padding:.5rem .75rem;overflow-wrap:anywhere}
footer.source{font-size:.88rem;color:#33373c;border-left:3px solid var(--line);padding-left:.75rem;margin:1rem 0;overflow-wrap:anywhere}
footer.source p{margin:.3rem 0}
details{margin:.75rem 0;border:1px solid var(--line);border-radius:6px;padding:.25rem .75rem}
details[open]{padding-bottom:.5rem}summary{cursor:pointer;color:var(--brand);font-weight:600;padding:.25rem 0}
.api code{margin-right:.75rem;overflow-wrap:anywhere}p.api{font-size:.85rem;color:var(--muted)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{background:var(--soft);border:1px solid var(--line);padding:.75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
ol.matches{padding-left:1.4rem}ol.matches li{margin:.4rem 0}ol.matches a{font-weight:600;font-size:1.05rem}
.did-you-mean{background:var(--soft);padding:.5rem .75rem;border-radius:6px}
dl.meanings dt{font-weight:600}
footer.site{background:var(--soft);border-top:1px solid var(--line);margin-top:2rem;padding:1rem 0;font-size:.92rem;color:#33373c}
figure{margin:1rem 0;max-width:100%}figcaption{font-size:.92rem;color:var(--muted)}
svg.chart{width:100%;height:auto;max-width:40rem;display:block}
svg .whisker,svg .axis{stroke:#767676;stroke-width:2}svg .box{fill:#cfe0f5;stroke:var(--brand)}
svg .tick line{stroke:var(--brand);stroke-width:2}svg .median{stroke:#b00020;stroke-width:4}
svg text{font:13px system-ui,sans-serif;fill:var(--ink)}svg .median-label{font-weight:700;fill:#b00020}
svg .series{fill:none;stroke:var(--brand);stroke-width:3}svg .point{fill:var(--brand)}
svg .bar{fill:var(--brand)}svg .withheld-mark{font-style:italic;fill:var(--warn)}svg .axis-label{fill:var(--muted)}
.method{max-width:48rem}.method table{border-collapse:collapse}.method td,.method th{border:1px solid var(--line);padding:.25rem .5rem}
.pick{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));align-items:end;margin:1rem 0}
.pick label{display:block;font-weight:600}.pick input{width:100%;font:inherit;padding:.5rem;border:2px solid var(--ink);border-radius:4px}
.logo{height:2.5rem;width:auto;vertical-align:middle}
body.embed{font-size:15px}body.embed .wrap{padding:0 .5rem}body.embed h1{font-size:1.25rem;margin:.5rem 0}
@media (max-width:40rem){body{font-size:16px}table.figures,table.downloads{width:100%}table.figures th,table.figures td,table.downloads th,table.downloads td{overflow-wrap:anywhere;padding-right:.4rem}h2{font-size:1.3rem}.glance .value{font-size:1.3rem}table.compare th,table.compare td{padding-right:.5rem}}
`;

export const EXPLORE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#174a8b"/><path d="M3 12V8h2v4zm4 0V4h2v8zm4 0V6h2v6z" fill="#fff"/></svg>`;
