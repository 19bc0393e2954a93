// MathJax の設定。pymdownx.arithmatex（generic）が書く \( \) と \[ \] の中だけを数式として描く。
// MathJax 本体はサイトの assets/mathjax/ にあり（hooks/mathjax_assets.py が写す）、外部から読まない。
window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"]],
    displayMath: [["\\[", "\\]"]],
    processEscapes: true,
    processEnvironments: true,
  },
  options: {
    ignoreHtmlClass: ".*|",
    processHtmlClass: "arithmatex",
  },
};
