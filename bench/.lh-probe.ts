import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { writeFileSync } from 'node:fs';
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run','--disable-sync'] });
try {
  const r = await lighthouse(process.argv[2]!, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance','accessibility','best-practices','seo'] });
  const lhr = r!.lhr;
  if (process.argv[3]) writeFileSync(process.argv[3]!, JSON.stringify(lhr));
  console.log(Object.entries(lhr.categories).map(([k,c])=>k+' '+c.score).join(' '), ['largest-contentful-paint','total-blocking-time','cumulative-layout-shift','first-contentful-paint'].map(a=>a.slice(0,5)+' '+Math.round(lhr.audits[a]!.numericValue!*1000)/1000).join(' '));
} finally { chrome.kill(); }
