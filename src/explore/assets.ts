/** The explorer's stylesheet and icon, served from this server (the pages' CSP allows nothing else). */
export const EXPLORE_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
header.site,main,p.api{font-size:.85rem;color:#555}p.api code{margin-right:.75rem}
footer.site{max-width:56rem;margin:0 auto;padding:.75rem 1rem}
header.site{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;border-bottom:1px solid #ddd}
.home{font-weight:700;text-decoration:none;color:#1d4f91}
form.search{display:flex;gap:.5rem;align-items:center;flex:1}
form.search input{flex:1;font:inherit;padding:.35rem .5rem;min-width:10rem}
form.search button{font:inherit;padding:.35rem .9rem}
h1{font-size:1.6rem;line-height:1.25}h2{border-top:2px solid #1d4f91;padding-top:.75rem;margin-top:2rem}
.soc{font-variant-numeric:tabular-nums;color:#555}
.muted,.breadcrumbs{color:#555;font-size:.9rem}
nav.contents ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0}
table.figures{border-collapse:collapse;margin:1rem 0;font-variant-numeric:tabular-nums}
table.figures th,table.figures td{border-bottom:1px solid #e3e3e3;padding:.25rem .75rem .25rem 0;text-align:left}
table.figures caption{text-align:left;font-weight:600}
.withheld{font-style:italic;color:#8a4b00}
.quality{font-size:.8rem;border:1px solid #bbb;border-radius:.6rem;padding:0 .4rem;color:#333}
.quality-precise,.quality-reasonable{border-color:#2e7d32}.quality-acceptable{border-color:#b26a00}.quality-unreliable{border-color:#b00020}.quality-unassessed{border-style:dashed}.quality-withheld,.quality-incomplete,.quality-notcovered,.quality-notpublished{border-color:#777;color:#555}
.unavailable{background:#fff6e5;border-left:4px solid #b26a00;padding:.5rem .75rem}
footer.source{font-size:.85rem;color:#444;border-left:3px solid #ccc;padding-left:.75rem;margin:1rem 0}
dl.meanings dt{font-weight:600}h4{font-size:1.1rem;margin:1rem 0 .25rem}h5{font-size:1rem;margin:.75rem 0 .25rem}h6{font-size:.95rem;font-weight:600;margin:.5rem 0 .25rem}
details{margin:.5rem 0}summary{cursor:pointer;color:#1d4f91}p.api{font-size:.85rem;color:#555}p.api code{margin-right:.75rem}
footer.site{font-size:.85rem;color:#555;border-top:1px solid #ddd;margin-top:2rem}
figure{margin:1rem 0}svg.chart{width:100%;height:auto;max-width:40rem;display:block}
svg .whisker,svg .axis{stroke:#888;stroke-width:2}svg .box{fill:#cfe0f5;stroke:#1d4f91}
svg .tick line{stroke:#1d4f91;stroke-width:2}svg .median{stroke:#b00020;stroke-width:4}
svg text{font:13px system-ui,sans-serif;fill:#1b1b1b}svg .median-label{font-weight:700;fill:#b00020}
svg .series{fill:none;stroke:#1d4f91;stroke-width:3}svg .point{fill:#1d4f91}
svg .bar{fill:#1d4f91}svg .withheld-mark{font-style:italic;fill:#8a4b00}svg .axis-label{fill:#555}
`;

export const EXPLORE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d4f91"/><path d="M3 12V8h2v4zm4 0V4h2v8zm4 0V6h2v6z" fill="#fff"/></svg>`;
