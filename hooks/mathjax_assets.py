"""MkDocs のフック: 数式を描く MathJax を、インストールした PyPI パッケージからサイトに写す。

MathJax は django-static-mathjax（docs の依存）が同梱する版を使い、リポジトリには入れない。
サイトは外部の CDN を読まないので、ネットワークの無い所でも数式が描かれる。
MathJax（約 1.2 MB）を読むのは数式のあるページだけで、そのページの </body> の前に設定と本体を足す。
"""

from __future__ import annotations

from importlib.resources import files as package_files
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

SITE_FOLDER = "assets/mathjax"
"""サイトの中で MathJax を置く場所。"""

SCRIPTS = ("assets/mathjax-config.js", f"{SITE_FOLDER}/tex-mml-chtml.js")
"""数式のあるページが読むスクリプト。設定（docs/assets/）を先に読む。"""

FORMULA = 'class="arithmatex"'
"""pymdownx.arithmatex（generic）が数式を包む要素の印。"""

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


def has_math(html: str) -> bool:
    """ページの本文に数式があるか。"""
    return FORMULA in html


def script_tags(page_url: str) -> str:
    """page_url のページから MathJax を読む <script> の並び（相対 URL: file:// でも読める）。"""
    return "".join(
        f'<script src="{get_relative_url(script, page_url)}"></script>' for script in SCRIPTS
    )


def with_mathjax(output: str, page_url: str) -> str:
    """組み上がったページの </body> の直前に、MathJax を読むスクリプトを足す。"""
    head, body_end, tail = output.rpartition("</body>")
    if not body_end:
        raise ValueError(f"{page_url}: </body> が無いので MathJax を足せません")
    return head + script_tags(page_url) + body_end + tail


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """数式のあるページにだけ MathJax を足す。"""
    if page.content is None or not has_math(page.content):
        return output
    return with_mathjax(output, page.url)
