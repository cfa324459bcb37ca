// The page's entry script: the stylesheet, then the app (src/client/main.tsx: React, the router, the page), whose
// files the browser fetches in parallel with the stylesheet and the main picture (modulepreload links in the HTML).
// The server has already rendered the first screen into the HTML, so the app only makes it interactive; what a
// visitor does before then is recorded by index.html's inline script and replayed once it has (decision 0024).
// Decision 0018 held the app back until the main picture was painted; under real throttling that gained too little
// LCP for the later start it cost (decision 0024 has the figures).
import './styles/index.css';
import './lib/early-input.css';
import './lib/reload-on-new-version';
import './main';
