// Webview front end (browser bundle). Filled by the panels issue.
export {};
