"""本全体の PDF と EPUB（nox -s book、hooks/book.py）を調べる。

本を作るには 1〜2 分かかるので、このテストは作らない。nox -s book が本を作ったあとに、そのフォルダを
ML_BOOK_DIR で渡してこのテストを動かす。渡されなければ理由を書いて飛ばす。
PDF は poppler-utils（pdftotext・pdffonts・pdftoppm・pdfinfo）で、EPUB は epubcheck で調べる。
"""

from __future__ import annotations

import functools
import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from support.site import PROJECT_ROOT

BOOK_DIR_VARIABLE = "ML_BOOK_DIR"
PAGE_RANGE = range(450, 1300)  # 約 1,060 ページ（読者が打つコードをすべて見せてから。前は約 640）
MILLIMETRE = 72 / 25.4  # PDF の 1 mm（ポイント）
EDGE_MM = 10  # 紙の端からこの幅（余白は 18 mm）に文字があれば、はみ出している
RENDERED_PAGES = (1, 3, 80, 110, 200, 400)  # 表紙・目次・コード・表・数式のあるページ
MAX_PDF_BYTES = 15 * 1024 * 1024  # いまは約 13.0 MiB。フォントを章ごとに埋め込んでいたときは 31 MB


def load_book() -> ModuleType:
    """hooks/book.py を読み込む（パッケージではないので場所から読む）。"""
    spec = importlib.util.spec_from_file_location("book", PROJECT_ROOT / "hooks" / "book.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclass は自分のモジュールを sys.modules から探す
    spec.loader.exec_module(module)
    return module


book = load_book()
PDF_NAME: str = book.PDF_NAME
EPUB_NAME: str = book.EPUB_NAME


@pytest.fixture(scope="module")
def book_dir() -> Path:
    given = os.environ.get(BOOK_DIR_VARIABLE, "")
    if not given:
        pytest.skip(f"本がありません（nox -s book で作り、{BOOK_DIR_VARIABLE} で渡す）")
    directory = Path(given)
    assert (directory / PDF_NAME).is_file(), f"{directory} に {PDF_NAME} がありません"
    return directory


@pytest.fixture(scope="module")
def pdf(book_dir: Path) -> Path:
    return book_dir / PDF_NAME


def require_tool(name: str) -> None:
    """道具が無ければ、入れ方を添えて失敗にする。"""
    if shutil.which(name) is None:
        pytest.fail(f"{name} がありません（apt-get install poppler-utils epubcheck）")


def run(*command: str) -> str:
    """poppler-utils などを動かし、標準出力を返す。"""
    require_tool(command[0])
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


class Background:
    """裏で動かすコマンド 1 つ。出力（標準エラーも）は一時ファイルに書かせ、result で待って読む。

    パイプに書かせると、読み手のいない間にパイプが詰まってコマンドが止まる。
    """

    def __init__(self, command: tuple[str, ...]) -> None:
        require_tool(command[0])
        self.output = tempfile.TemporaryFile()  # noqa: SIM115  result で閉じる
        self.process = subprocess.Popen(command, stdout=self.output, stderr=subprocess.STDOUT)

    def result(self) -> tuple[int, str]:
        """終わるのを待ち、(終了コード, 出力) を返す。"""
        code = self.process.wait()
        self.output.seek(0)
        text = self.output.read().decode("utf-8", errors="replace")
        self.output.close()
        return code, text


BACKGROUND: dict[tuple[str, ...], Background] = {}
"""裏で動かし始めたコマンド（同じコマンドは 1 度だけ動かす）。"""


def started(*command: str) -> Background:
    """command を裏で動かし始める（もう動かしていればそれを返す）。"""
    if command not in BACKGROUND:
        BACKGROUND[command] = Background(command)
    return BACKGROUND[command]


def slow_commands(book_dir: Path) -> list[tuple[str, ...]]:
    """本のテストで時間のかかる 3 つのコマンド（pdftotext の 2 つと epubcheck）。"""
    pdf = str(book_dir / PDF_NAME)
    return [
        ("pdftotext", "-layout", pdf, "-"),
        ("pdftotext", "-bbox", pdf, "-"),
        (*epubcheck_command(), str(book_dir / EPUB_NAME)),
    ]


@pytest.fixture(scope="module", autouse=True)
def slow_commands_started() -> Iterator[None]:
    """本が渡されたら、時間のかかるコマンドを最初のテストの前にそろって裏で動かし始める。

    1 つのコアしか使わないコマンドが重なって動くので、2 つのコアが空かない。テストが選ばれずに
    結果を読まれなかったコマンドは、終わりに止める。
    """
    given = os.environ.get(BOOK_DIR_VARIABLE, "")
    if given and (Path(given) / PDF_NAME).is_file():
        for command in slow_commands(Path(given)):
            started(*command)
    yield
    for running in BACKGROUND.values():
        if running.process.poll() is None:
            running.process.kill()
            running.process.wait()


def output_of(*command: str) -> str:
    """裏で動かしたコマンドの標準出力（失敗していたら出力を添えて失敗にする）。"""
    code, text = started(*command).result()
    assert code == 0, f"{command[0]} が {code} で終わりました: {text[-3000:]}"
    return text


@functools.cache
def page_texts(pdf: Path) -> list[str]:
    """PDF のページごとの文字。"""
    return output_of("pdftotext", "-layout", str(pdf), "-").split("\f")[:-1]


def nav_titles() -> list[str]:
    """目次（mkdocs.yml の nav）のページの題。"""
    return [title for title, _ in book.nav_pages((PROJECT_ROOT / "mkdocs.yml").read_text("utf-8"))]


def toc_numbers(texts: list[str]) -> dict[str, int]:
    """PDF の目次のページ（2 ページ目から）の「題 … 番号」。"""
    found: dict[str, int] = {}
    for text in texts[1:4]:
        for line in text.splitlines():
            match = re.match(r"^\s*(\S.*?)\s{2,}(\d+)\s*$", line)
            if match:
                found[match.group(1)] = int(match.group(2))
    return found


def test_ページ数は決めた幅に収まる(pdf: Path) -> None:
    info = run("pdfinfo", str(pdf))
    pages = int(re.search(r"^Pages:\s+(\d+)$", info, re.MULTILINE).group(1))  # type: ignore[union-attr]

    assert pages in PAGE_RANGE
    assert len(page_texts(pdf)) == pages


def test_目次にはすべての章が本の順にページ番号付きで並び_その番号のページから章が始まる(
    pdf: Path,
) -> None:
    texts = page_texts(pdf)
    numbers = toc_numbers(texts)
    chapters = [title for title in nav_titles() if re.match(r"第 \d+ 章|付録 [A-Z]", title)]

    assert [title for title in numbers if title in chapters] == chapters
    starts = [numbers[title] for title in chapters]
    assert starts == sorted(starts)
    for title in chapters:
        # 章の最初のページの本文の見出しと、次のページの柱（ページの上の行）が章の題
        first, second = texts[numbers[title] - 1], texts[numbers[title]]
        assert re.search(rf"^\s*{re.escape(title)}\s*$", first, re.MULTILINE), title
        assert second.strip().splitlines()[0].strip() == title
        # ページの下の番号（ノンブル）は、目次の番号と同じ
        assert first.strip().splitlines()[-1].strip() == str(numbers[title])


def test_日本語のフォントが埋め込まれている(pdf: Path) -> None:
    fonts = run("pdffonts", str(pdf)).splitlines()[2:]
    embedded = {line.split()[0].split("+")[-1] for line in fonts if " yes " in line}

    assert {"IPAexMincho", "IPAexGothic"} <= embedded


def test_同じフォントは_1_つの埋め込みを使い太字を図形で描いていない(pdf: Path) -> None:
    pikepdf = pytest.importorskip("pikepdf")
    programs: dict[str, set[tuple[int, int]]] = {}
    drawn: set[str] = set()  # 図形（Type 3 のフォント）で描いた文字の、元のフォント
    with pikepdf.open(pdf) as document:
        for item in document.objects:
            if isinstance(item, pikepdf.Dictionary) and "/FontFile2" in item:
                name = str(item.FontName).split("+")[-1]
                programs.setdefault(name, set()).add(item.FontFile2.objgen)
            if isinstance(item, pikepdf.Dictionary) and item.get("/Subtype") == "/Type3":
                drawn.add(str(item.FontDescriptor.FontName).split("+")[-1])

    assert {"IPAexMincho", "IPAexGothic"} <= set(programs)
    assert {name: len(streams) for name, streams in programs.items()} == dict.fromkeys(programs, 1)
    # IPAex に無い太字を、Chromium が線を太らせた図形で描いていない（数式の MathJax のフォントは
    # 図形で描かれるが、ページ数の割に小さい）
    assert {name for name in drawn if not name.startswith("MathJax_")} == set()


def test_PDF_は_15_MB_より小さい(pdf: Path) -> None:
    assert pdf.stat().st_size < MAX_PDF_BYTES


@functools.cache
def page_boxes(pdf: Path) -> list[str]:
    """PDF のページごとの語の位置（pdftotext -bbox の 1 ページ分。全ページを 1 度で読む）。"""
    return output_of("pdftotext", "-bbox", str(pdf), "-").split("<page ")[1:]


def text_near_edges(pdf: Path) -> list[tuple[int, str, float, float]]:
    """紙の端から EDGE_MM 以内にかかる語（ページ, 語, 左端, 右端）。pdftotext -bbox で調べる。"""
    edge = EDGE_MM * MILLIMETRE
    found = []
    for number, page in enumerate(page_boxes(pdf), start=1):
        width = float(re.match(r'width="([\d.]+)"', page).group(1))  # type: ignore[union-attr]
        for left, right, word in re.findall(
            r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
            page,
        ):
            if float(left) < edge or float(right) > width - edge:
                found.append((number, word, float(left), float(right)))
    return found


def test_どのページの文字も紙の端からはみ出さない(pdf: Path) -> None:
    assert text_near_edges(pdf) == []


def dark_columns(pgm: bytes) -> tuple[int, list[int]]:
    """P5 形式（グレースケール）の画像の幅と、暗い画素（128 未満）のある列。"""
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", pgm)
    assert header, pgm[:20]
    width, height = int(header.group(1)), int(header.group(2))
    pixels = pgm[header.end() :]
    assert len(pixels) == width * height
    columns = sorted({index % width for index, value in enumerate(pixels) if value < 128})
    return width, columns


def rendered_page(pdf: Path, number: int) -> bytes:
    """number ページを 36 dpi のグレースケールの PGM にする（1 ページでも PGM）。"""
    return subprocess.run(
        ["pdftoppm", "-f", str(number), "-l", str(number), "-r", "36", "-gray", str(pdf)],
        capture_output=True,
        check=True,
    ).stdout


@pytest.mark.parametrize("number", RENDERED_PAGES)
def test_画像にしたページの左右の余白に何も描かれていない(pdf: Path, number: int) -> None:
    # 章の終わりの白いページに当たったら、次の何かが描かれたページを調べる
    for page in range(number, number + 5):
        width, columns = dark_columns(rendered_page(pdf, page))
        if columns:
            break
    # 幅 182 mm を 36 dpi で約 258 画素
    edge = round(width * EDGE_MM / 182)

    assert columns, f"{number}〜{page} ページが真っ白"
    assert min(columns) >= edge
    assert max(columns) < width - edge


def rendered_pages(pdf: Path, numbers: set[int], directory: Path) -> dict[int, bytes]:
    """numbers のページを 72 dpi の PPM にする。続いたページは 1 回の pdftoppm でまとめて描く。"""
    ordered = sorted(numbers)
    runs = [[ordered[0]]] if ordered else []
    for number in ordered[1:]:
        if number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    for pages in runs:
        subprocess.run(
            ["pdftoppm", "-f", str(pages[0]), "-l", str(pages[-1]), "-r", "72", str(pdf),
             str(directory / "page")],
            check=True,
        )  # fmt: skip
    images = {
        int(re.search(r"-(\d+)\.ppm$", path.name).group(1)): path.read_bytes()  # type: ignore[union-attr]
        for path in directory.glob("page-*.ppm")
    }
    assert sorted(images) == ordered
    return images


def checkmarks(ppm: bytes) -> list[tuple[int, int, int, int]]:
    """ページの画像（72 dpi の PPM）の、済みの印（明るい緑の丸）の (左, 上, 右, 下)。単位は pt。"""
    import numpy as np  # noqa: PLC0415  このテストだけが使う

    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", ppm)
    assert header, ppm[:20]
    width, height = int(header.group(1)), int(header.group(2))
    rgb = np.frombuffer(ppm[header.end() :], dtype=np.uint8).reshape(height, width, 3)
    green = (rgb[..., 1] >= 180) & (rgb[..., 0] <= 120)  # コードの文字列の深い緑は入らない
    rows = np.nonzero(green.any(axis=1))[0]
    found = []
    for run_rows in np.split(rows, np.nonzero(np.diff(rows) > 2)[0] + 1):
        if len(run_rows) >= 5:  # 印は 1 行ほどの高さ。数画素のにじみは数えない
            columns = np.nonzero(green[run_rows].any(axis=0))[0]
            found.append((int(columns[0]), int(run_rows[0]), int(columns[-1]), int(run_rows[-1])))
    return found


def page_words(pdf: Path, number: int) -> list[tuple[float, float, float, float, str]]:
    """number ページの語の (左, 上, 右, 下, 語)。単位は pt。"""
    return [
        (float(left), float(top), float(right), float(bottom), word)
        for left, top, right, bottom, word in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
            page_boxes(pdf)[number - 1],
        )
    ]


def test_TODO_リストの済みの印は文字に重ならない(pdf: Path, tmp_path: Path) -> None:
    texts = page_texts(pdf)
    todo_pages = {n for n, text in enumerate(texts, start=1) if "TODO リスト" in text}
    pages = todo_pages | {n + 1 for n in todo_pages if n < len(texts)}
    marks = 0
    overlaps = []
    for number, image in sorted(rendered_pages(pdf, pages, tmp_path).items()):
        found = checkmarks(image)
        marks += len(found)
        for left, top, right, bottom in found:
            overlaps += [
                (number, word)
                for x0, y0, x1, y1, word in page_words(pdf, number)
                if x0 < right + 1 and x1 > left and y0 < bottom and y1 > top
            ]

    assert marks >= 15  # 各章の終わりの TODO リストに、済みの印が並ぶ
    assert overlaps == []


@pytest.fixture(scope="module")
def epub(book_dir: Path) -> Path:
    return book_dir / EPUB_NAME


JAVA_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
"""1 度だけ動かす epubcheck の java には、最適化の速い段の JIT と 1 つのスレッドの GC で足りる。
調べることは変わらず、CPU 時間は約半分（10.5 → 4.9 秒）になる。"""


def epubcheck_command() -> list[str]:
    """epubcheck を動かすコマンド。Debian の epubcheck は jar へのリンクなので java で動かす。"""
    found = shutil.which("epubcheck")
    if found is None:
        pytest.fail("epubcheck がありません（apt-get install epubcheck）")
    program = Path(found).resolve()
    if program.suffix == ".jar":
        return ["java", *JAVA_OPTIONS, "-jar", str(program)]
    return [str(program)]


def test_EPUB_は_epubcheck_を通る(epub: Path) -> None:
    code, output = started(*epubcheck_command(), str(epub)).result()

    assert code == 0, output[-3000:]


def test_EPUB_は_EPUB_3_で章の目次と数式と図を持つ(epub: Path) -> None:
    with zipfile.ZipFile(epub) as archive:
        names = archive.namelist()
        package = next(name for name in names if name.endswith(".opf"))
        opf = archive.read(package).decode("utf-8")
        navigation = archive.read(next(n for n in names if n.endswith("nav.xhtml"))).decode()
        pages = "".join(archive.read(n).decode() for n in names if n.endswith(".xhtml"))

    assert 'version="3.0"' in opf
    assert "<dc:language>ja</dc:language>" in opf
    chapters = [title for title in nav_titles() if re.match(r"第 \d+ 章|付録 [A-Z]", title)]
    shown = [title for title in chapters if title in navigation]
    assert shown == chapters
    assert pages.count("<math") > 300  # 数式は MathML
    assert sum(name.endswith(".svg") for name in names) >= 20  # 図は SVG のまま
    assert sum(name.endswith(".xhtml") and "/text/ch" in name for name in names) >= 20  # 章ごと
    assert 'href="file://' not in pages
    assert 'src="file://' not in pages


def test_本の_PDF_と_EPUB_へのリンクがサイトの最初のページと_README_にある() -> None:
    index = (PROJECT_ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")

    for name in (PDF_NAME, EPUB_NAME):
        assert f'href="book/{name}"' in index
        assert f"site/book/{name}" in readme
    assert "nox -s book" in readme


# ここから下は本を作らずに確かめる（hooks/book.py の部品）


def test_目次のページは_mkdocs_yml_の_nav_の順() -> None:
    titles = nav_titles()

    assert titles[:3] == ["はじめに", "この本の読み方", "データの入手と配置"]
    assert titles[3] == "第 1 章 機械学習と最初のテスト"
    assert titles[-1] == "用語集"
    assert sum(title.startswith("第 ") for title in titles) == 15


def test_章の始まりのページは前付けと前の章のページ数から決まる() -> None:
    assert book.start_pages(3, [2, 5, 1]) == [4, 6, 11]
    assert book.start_pages(2, []) == []


def test_柱とノンブルは表紙に無く_目次と各章に付く() -> None:
    heads = book.running_heads(["第 1 章", "第 2 章"], [2, 1], 2)

    assert heads == [("", ""), ("目次", "2"), ("第 1 章", "3"), ("第 1 章", "4"), ("第 2 章", "5")]


def test_EPUB_の本文では数式を_MathML_にしサイトへのリンクは文字だけにする() -> None:
    body = (
        '<p><span class="arithmatex">\\(x\\)</span> と '
        '<a href="file:///site/chapters/07.html#a">第 7 章</a></p>'
        '<div class="arithmatex">\\[y\\]</div><img src="file:///site/figures/a.svg">'
    )
    mathml = {("x", False): "<math>x</math>", ("y", True): '<math display="block">y</math>'}

    shown = book.epub_body(body, mathml, {"file:///site/figures/a.svg": "figures/a.svg"})

    assert shown == (
        '<p><math>x</math> と 第 7 章</p><div><math display="block">y</math></div>'
        '<img src="figures/a.svg">'
    )


def subset_font(drawn: set[str]) -> bytes:
    """a・b・c の番号を持ち、drawn のグリフだけに形がある TrueType（Chromium の部分集合の形）。"""
    from fontTools.fontBuilder import FontBuilder  # noqa: PLC0415  このテストだけが使う
    from fontTools.pens.ttGlyphPen import TTGlyphPen  # noqa: PLC0415

    order = [".notdef", "a", "b", "c"]
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        if name in drawn:
            size = 100 * (order.index(name) + 1)  # グリフごとに違う大きさの四角
            pen.moveTo((0, 0))
            pen.lineTo((0, size))
            pen.lineTo((size, size))
            pen.lineTo((size, 0))
            pen.closePath()
        glyphs[name] = pen.glyph()
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({})
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (500 + order.index(name), 0) for name in order})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Subset", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    output = io.BytesIO()
    builder.save(output)
    return output.getvalue()


def test_フォントの部分集合をまとめるとどれかにあるグリフをすべて同じ番号で持つ() -> None:
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    merged = TTFont(io.BytesIO(book.merged_font([subset_font({"a"}), subset_font({"c"})])))

    bounds = {
        name: (merged["glyf"][name].numberOfContours, merged["hmtx"][name])
        for name in merged.getGlyphOrder()
    }
    assert bounds == {
        ".notdef": (0, (500, 0)),
        "a": (1, (501, 0)),
        "b": (0, (502, 0)),
        "c": (1, (503, 0)),
    }
    assert merged["glyf"]["c"].yMax == 400


def test_部分集合が_1_つだけのフォントはそのまま返す() -> None:
    program = subset_font({"a", "c"})

    assert book.merged_font([program]) == program
