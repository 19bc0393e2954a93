"""MkDocs のフック: 数式を描く MathJax を、インストールした PyPI パッケージからサイトに写す。

MathJax は django-static-mathjax（docs の依存）が同梱する版を使い、リポジトリには入れない。
サイトは外部の CDN を読まないので、ネットワークの無い所でも数式が描かれる。
"""

from __future__ import annotations

from importlib.resources import files as package_files
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

SITE_FOLDER = "assets/mathjax"
"""サイトの中で MathJax を置く場所。mkdocs.yml の extra_javascript もここを指す。"""

COPIED = (
    "tex-mml-chtml.js",  # TeX を読み、HTML と CSS で描く部品をまとめたもの
    "output/chtml/fonts/woff-v2",  # 描くときに読むフォント
    "input/tex/extensions",  # 使われた命令に応じて後から読む TeX の拡張
)


def mathjax_root() -> Path:
    """インストールされた MathJax（es5 の組み立て済みファイル）のフォルダ。"""
    root = Path(str(package_files("mathjax"))) / "static" / "mathjax" / "es5"
    if not (root / COPIED[0]).is_file():
        raise FileNotFoundError(
            f"MathJax が見つかりません（{root}）。pip install -e '.[docs]' で入れてください"
        )
    return root


def mathjax_files(root: Path) -> list[Path]:
    """サイトに写すファイルの、root からの相対パス。"""
    found: list[Path] = []
    for name in COPIED:
        path = root / name
        found += sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    return [path.relative_to(root) for path in found]


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """MathJax のファイルを、サイトの assets/mathjax/ に写すファイルとして加える。"""
    root = mathjax_root()
    for relative in mathjax_files(root):
        files.append(
            File(
                relative.as_posix(),
                str(root),
                config.site_dir,
                config.use_directory_urls,
                dest_uri=f"{SITE_FOLDER}/{relative.as_posix()}",
            )
        )
    return files
