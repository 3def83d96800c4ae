//! Tests of the render kit.

use super::canvas::*;
use super::raster::*;
use super::strip::*;
use super::text::*;
use super::widgets::*;

const PNG_SIG: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

fn ink_count(c: &Canvas, bg: Color) -> usize {
    c.img.pixels().filter(|p| **p != bg).count()
}

#[test]
fn embedded_fonts_parse() {
    assert!(fonts().is_some());
}

#[test]
fn encode_png_has_png_signature() {
    let c = Canvas::new(20, 10, PAPER);
    let png = c.encode_png();
    assert_eq!(&png[..8], &PNG_SIG);
    let t = Canvas::new(20, 10, rgba(0, 0, 0, 0));
    assert_eq!(&t.encode_png()[..8], &PNG_SIG);
}

#[test]
fn zero_sized_canvas_encodes_and_draws_nothing() {
    let mut c = Canvas::new(0, 0, PAPER);
    c.fill_circle(0.0, 0.0, 10.0, INK);
    c.text(0.0, 0.0, 20.0, INK, "hello", Align::Left);
    c.panel(0.0, 0.0, 100.0, "t", &["r".into()]);
    assert_eq!(&c.encode_png()[..8], &PNG_SIG);
}

#[test]
fn off_canvas_and_odd_input_does_not_panic() {
    let mut c = Canvas::new(50, 40, PAPER);
    let style = player_style(0, "Ann");
    for &(x, y) in &[
        (-1e9f32, -1e9f32),
        (1e9, 1e9),
        (-30.0, 20.0),
        (60.0, -5.0),
        (f32::NAN, 3.0),
        (f32::INFINITY, 0.0),
        (25.0, 20.0),
    ] {
        c.fill_polygon(&[(x, y), (x + 100.0, y), (x, y + 100.0)], INK);
        c.stroke_polygon(&[(x, y), (1e30, -1e30), (3.0, 4.0)], INK, 3.0);
        c.stroke_polygon(&[(x, y)], INK, 3.0);
        c.fill_rect(x, y, -10.0, 1e12, INK);
        c.stroke_rect(x, y, 0.0, 0.0, INK, 5.0);
        c.fill_circle(x, y, 1e9, INK);
        c.stroke_circle(x, y, 0.0, INK, -2.0);
        c.line(x, y, -x, 7.0, INK, 1e9);
        c.dashed_line(x, y, 40.0, 30.0, INK, 2.0, 0.001);
        c.dashed_line(-1e6, 0.0, 1e6, 10.0, INK, 2.0, 3.0);
        c.arrow(x, y, x, y, INK, 3.0);
        c.arrow(x, y, 10.0, 10.0, INK, 0.0);
        c.text(x, y, 20.0, INK, "Hi\nthere", Align::Right);
        c.text(x, y, f32::NAN, INK, "Hi", Align::Center);
        c.text_bold(x, y, 1e9, INK, "Big", Align::Center);
        c.text_outlined(x, y, 18.0, WHITE, INK, "", Align::Left);
        c.token(x, y, 20.0, &style, Some(u32::MAX));
        c.token(x, y, -1.0, &style, None);
        c.panel(x, y, 0.0, "", &[]);
        c.panel(x, y, 30.0, "Title that is long", &["x".repeat(500)]);
        c.scoreboard(x, y, 5.0, &[]);
        c.legend(x, y, &[(INK, String::new())]);
    }
    let huge = "W".repeat(100_000);
    c.text(0.0, 0.0, 30.0, INK, &huge, Align::Center);
    c.text_outlined(-5.0, 10.0, 30.0, INK, WHITE, &huge, Align::Left);
    assert!(c.wrap(16.0, &huge, 40.0, false).len() <= 200);
    c.panel(0.0, 0.0, 40.0, &huge, std::slice::from_ref(&huge));
    assert_eq!(c.width(), 50);
}

#[test]
fn text_width_grows_with_length() {
    let c = Canvas::new(1, 1, PAPER);
    let a = c.text_width(16.0, "Kat");
    let b = c.text_width(16.0, "Kathmandu");
    assert!(a > 0.0 && b > a, "{a} {b}");
    assert!(c.text_width(32.0, "Kat") > a * 1.9);
    assert!(c.text_width_bold(16.0, "Kathmandu") > b);
    assert_eq!(c.text_width(16.0, ""), 0.0);
}

#[test]
fn text_is_drawn_below_its_top_anchor() {
    let mut c = Canvas::new(200, 100, WHITE);
    c.text(10.0, 40.0, 20.0, BLACK, "HHHH", Align::Left);
    let rows: Vec<u32> = c
        .img
        .enumerate_pixels()
        .filter(|(_, _, p)| **p != WHITE)
        .map(|(_, y, _)| y)
        .collect();
    assert!(!rows.is_empty());
    assert!(*rows.iter().min().unwrap() >= 40);
    assert!(*rows.iter().max().unwrap() <= 60);
}

#[test]
fn text_alignment_right_ends_at_anchor() {
    let mut c = Canvas::new(200, 40, WHITE);
    c.text(150.0, 5.0, 20.0, BLACK, "HHH", Align::Right);
    let xs: Vec<u32> = c
        .img
        .enumerate_pixels()
        .filter(|(_, _, p)| **p != WHITE)
        .map(|(x, _, _)| x)
        .collect();
    assert!(*xs.iter().max().unwrap() <= 151);
    assert!(*xs.iter().min().unwrap() >= 100);
}

#[test]
fn player_styles_distinct_for_seats_0_to_6() {
    let names = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"];
    let styles = player_styles(names);
    for i in 0..styles.len() {
        for j in i + 1..styles.len() {
            assert_ne!(styles[i].color, styles[j].color, "seats {i} {j}");
        }
    }
    for i in 0..5 {
        for j in i + 1..5 {
            assert_ne!(styles[i].shape, styles[j].shape);
        }
    }
    assert_eq!(styles[0].letter, 'A');
    assert_eq!(player_style(3, "  émile").letter, 'É');
    assert_eq!(player_style(2, "").letter, '3');
}

#[test]
fn fill_rect_is_crisp_and_exact() {
    let mut c = Canvas::new(10, 10, WHITE);
    c.fill_rect(2.0, 3.0, 4.0, 5.0, BLACK);
    assert_eq!(ink_count(&c, WHITE), 20);
    assert!(c.img.pixels().all(|p| *p == WHITE || *p == BLACK));
}

#[test]
fn shapes_clipped_at_canvas_edges_keep_exact_coverage() {
    let mut c = Canvas::new(10, 10, WHITE);
    c.fill_rect(-5.0, -3.0, 8.0, 6.0, BLACK); // covers x 0..3, y 0..3
    c.fill_rect(7.0, 6.0, 100.0, 100.0, BLACK); // covers x 7..10, y 6..10
    assert_eq!(ink_count(&c, WHITE), 9 + 12);
    assert!(c.img.pixels().all(|p| *p == WHITE || *p == BLACK));
    let mut d = Canvas::new(10, 10, WHITE);
    d.fill_polygon(
        &[(-20.0, -20.0), (30.0, -20.0), (30.0, 30.0), (-20.0, 30.0)],
        BLACK,
    );
    assert!(d.img.pixels().all(|p| *p == BLACK));
}

#[test]
fn stroke_circle_leaves_the_centre_empty() {
    let mut c = Canvas::new(60, 60, WHITE);
    c.stroke_circle(30.0, 30.0, 20.0, BLACK, 4.0);
    assert_eq!(*c.img.get_pixel(30, 30), WHITE);
    assert_eq!(*c.img.get_pixel(30, 10), BLACK);
    assert_eq!(*c.img.get_pixel(49, 30), BLACK);
}

#[test]
fn translucent_stroke_joins_are_not_double_blended() {
    let mut c = Canvas::new(60, 60, WHITE);
    c.stroke_polygon(
        &[(10.0, 10.0), (50.0, 10.0), (50.0, 50.0)],
        rgba(0, 0, 0, 128),
        6.0,
    );
    // the corner (round join + two quads overlap) has the same value as mid-edge
    assert_eq!(c.img.get_pixel(50, 10), c.img.get_pixel(30, 10));
}

#[test]
fn thick_line_covers_its_width() {
    let mut c = Canvas::new(40, 40, WHITE);
    c.line(5.0, 20.0, 35.0, 20.0, BLACK, 8.0);
    for y in 17..23 {
        assert_eq!(*c.img.get_pixel(20, y), BLACK, "y={y}");
    }
    assert_eq!(*c.img.get_pixel(20, 10), WHITE);
}

#[test]
fn dashed_line_has_gaps() {
    let mut c = Canvas::new(100, 10, WHITE);
    c.dashed_line(0.0, 5.0, 100.0, 5.0, BLACK, 2.0, 10.0);
    let row: Vec<bool> = (0..100).map(|x| *c.img.get_pixel(x, 5) != WHITE).collect();
    assert!(row[2] && !row[14] && row[20]);
}

#[test]
fn token_draws_letter_in_contrasting_colour() {
    let mut c = Canvas::new(60, 60, WHITE);
    let s = player_style(2, "Zed"); // bluish green -> white letter
    c.token(30.0, 30.0, 20.0, &s, Some(3));
    assert!(c.img.pixels().any(|p| *p == s.color));
    assert!(c.img.pixels().any(|p| *p == WHITE));
    assert!(c.img.pixels().any(|p| *p == INK));
}

#[test]
fn layer_cache_draws_once() {
    let cache = LayerCache::new();
    let mut calls = 0;
    let a = cache.get_or_draw(|| {
        calls += 1;
        Canvas::new(3, 2, WHITE)
    });
    assert_eq!(a.img.dimensions(), (3, 2));
    let b = cache.get_or_draw(|| Canvas::new(9, 9, WHITE));
    assert_eq!(b.img.dimensions(), (3, 2));
    assert_eq!(calls, 1);
    let c = Canvas::from_layer(b);
    assert_eq!(c.width(), 3);
}

#[test]
fn panel_and_scoreboard_return_heights() {
    let mut c = Canvas::new(400, 400, PAPER);
    let h1 = c.panel(10.0, 10.0, 200.0, "Title", &["one".into()]);
    let h2 = c.panel(10.0, 10.0, 200.0, "Title", &["one".into(), "two".into()]);
    assert!(h2 > h1 && h1 > 0.0);
    let rows = vec![ScoreRow {
        style: player_style(0, "Ann"),
        name: "Ann".into(),
        score: "12".into(),
        detail: "3 yaks".into(),
        to_act: true,
    }];
    assert!(c.scoreboard(10.0, 100.0, 250.0, &rows) > 0.0);
    assert!(c.legend(10.0, 200.0, &[(INK, "road".into())]) > 0.0);
}

/// A typical busy board (hex grid, labels, tokens, panels) stays well under 1 MB.
#[test]
fn typical_board_png_under_one_megabyte() {
    let c = demo_board(1400, 900);
    let png = c.encode_png();
    assert_eq!(&png[..8], &PNG_SIG);
    assert!(png.len() < 1_000_000, "{} bytes", png.len());
}

fn demo_board(w: u32, h: u32) -> Canvas {
    let mut c = Canvas::new(w, h, PAPER);
    let names = ["Ann", "bob", "Chandra", "dawa", "Eve", "Fay", "Gus"];
    let styles = player_styles(names);
    // terrain: hex grid with varied fills
    let terrain = [
        rgb(200, 220, 170),
        rgb(170, 200, 140),
        rgb(215, 205, 175),
        rgb(235, 235, 240),
    ];
    let r = 34.0;
    let dx = r * 1.5;
    let dy = r * 3f32.sqrt();
    let mut k = 0usize;
    for col in 0..18 {
        for row in 0..11 {
            let cx = 60.0 + col as f32 * dx;
            let cy = 50.0 + row as f32 * dy + if col % 2 == 1 { dy / 2.0 } else { 0.0 };
            let pts = hex_corners(cx, cy, r, false);
            k = (k * 31 + col * 7 + row * 13) % 97;
            c.fill_polygon(&pts, terrain[k % terrain.len()]);
            c.stroke_polygon(&pts, rgb(120, 120, 110), 1.5);
        }
    }
    // routes
    c.line(100.0, 120.0, 500.0, 380.0, rgb(140, 90, 40), 5.0);
    c.dashed_line(500.0, 380.0, 820.0, 250.0, rgb(60, 60, 160), 3.0, 10.0);
    c.arrow(820.0, 250.0, 900.0, 520.0, rgb(200, 30, 30), 4.0);
    // labels
    for (i, n) in [
        "Kathmandu",
        "Pokhara",
        "Gorkha",
        "Mustang-Lo",
        "Namche",
        "Lukla",
    ]
    .iter()
    .enumerate()
    {
        let x = 120.0 + i as f32 * 140.0;
        c.text_outlined(x, 420.0, 16.0, INK, WHITE, n, Align::Center);
        c.label(x, 470.0, 15.0, n);
    }
    // tokens
    for (i, s) in styles.iter().enumerate() {
        let x = 90.0 + i as f32 * 60.0;
        c.token(
            x,
            300.0,
            16.0,
            s,
            if i % 2 == 0 { Some(i as u32 + 1) } else { None },
        );
        c.token(x, 360.0, 12.0, s, None);
    }
    // side panels
    let rows: Vec<ScoreRow> = styles
        .iter()
        .take(5)
        .enumerate()
        .map(|(i, s)| ScoreRow {
            style: *s,
            name: names[i].to_string(),
            score: format!("{}", 10 * i),
            detail: if i == 2 {
                "3 yaks, 2 tea, a very long detail string that must be cut".into()
            } else {
                format!("{} yaks", i)
            },
            to_act: i == 1,
        })
        .collect();
    let x = w as f32 - 330.0;
    let mut y = 20.0;
    y += c.scoreboard(x, y, 310.0, &rows) + 12.0;
    y += c.panel(
        x,
        y,
        310.0,
        "Turn 7 — Bob to act",
        &[
            "Bob moved Gorkha → Pokhara.".into(),
            "Supply: 4 yaks, 3 tea. A long line of text wraps onto the next line nicely.".into(),
        ],
    ) + 12.0;
    c.legend(
        x,
        y,
        &[
            (terrain[0], "Lowland".into()),
            (terrain[1], "Forest".into()),
            (terrain[2], "Hills".into()),
            (terrain[3], "Snow".into()),
        ],
    );
    c
}

/// What a chat client shows inline (about 550 px wide) must still carry a readable
/// headline: the strip's type stays at 11 px or more for boards up to 1,600 px wide, the
/// board is copied unchanged below the strip, and the strip holds inked text.
#[test]
fn headline_strip_reads_at_inline_width_and_keeps_the_board() {
    use crate::render::png::INLINE_WIDTH;
    assert!(HEADLINE_PX * INLINE_WIDTH as f32 / 1600.0 >= 11.0);
    let mut board = Canvas::new(400, 120, rgb(10, 120, 200));
    board.fill_rect(10.0, 10.0, 50.0, 50.0, rgb(200, 30, 30));
    let before = board.img.clone();
    let out = board.with_headline("Dee to act", WHITE, INK);
    assert_eq!((out.width(), out.height()), (400, 120 + HEADLINE_H));
    for (x, y, p) in before.enumerate_pixels() {
        assert_eq!(out.img.get_pixel(x, y + HEADLINE_H), p);
    }
    let dark = (0..400)
        .flat_map(|x| (0..HEADLINE_H - 3).map(move |y| (x, y)))
        .filter(|&(x, y)| out.img.get_pixel(x, y)[0] < 100)
        .count();
    assert!(
        dark > 200,
        "the headline text is drawn ({dark} dark pixels)"
    );
    // A text too long for the strip is cut, never drawn past the edge.
    let long = Canvas::new(200, 10, WHITE).with_headline(&"W".repeat(200), WHITE, INK);
    assert_eq!(long.width(), 200);
}

/// A board canvas draws layout units at `BOARD_SCALE` pixels each: shapes, text and the
/// headline strip all land where the units say, scaled, and text measures in units.
#[test]
fn a_board_canvas_draws_its_units_at_the_board_scale() {
    let k = BOARD_SCALE;
    assert!(
        k > 0.0 && k < 1.0,
        "boards are drawn smaller than their layout"
    );
    let mut c = Canvas::board(400, 200, WHITE);
    assert_eq!((c.width(), c.height()), (board_px(400), board_px(200)));
    assert_eq!(c.scale(), k);
    // A rect at units 100..300 × 40..120 covers exactly the pixels of those units scaled
    // (BOARD_SCALE puts these edges on whole pixels).
    c.fill_rect(100.0, 40.0, 200.0, 80.0, BLACK);
    let (x0, x1, y0, y1) = (board_px(100), board_px(300), board_px(40), board_px(120));
    for (x, y, p) in c.img.enumerate_pixels() {
        let inside = (x0..x1).contains(&x) && (y0..y1).contains(&y);
        assert_eq!(*p, if inside { BLACK } else { WHITE }, "pixel ({x},{y})");
    }
    // Text: the ink of a word spans its measured units times the scale.
    let mut t = Canvas::board(400, 100, WHITE);
    let w = t.text_width_bold(40.0, "MMMM");
    t.text_bold(10.0, 10.0, 40.0, BLACK, "MMMM", Align::Left);
    let inked: Vec<u32> = t
        .img
        .enumerate_pixels()
        .filter(|(_, _, p)| p[0] < 128)
        .map(|(x, _, _)| x)
        .collect();
    let (lo, hi) = (*inked.iter().min().unwrap(), *inked.iter().max().unwrap());
    let span = (hi - lo + 1) as f32;
    assert!(
        (span - w * k).abs() < 6.0 && (lo as f32 - 10.0 * k).abs() < 4.0,
        "ink spans {lo}..={hi} px for a {w}-unit word at scale {k}"
    );
    // The headline strip is HEADLINE_H units high, and the board keeps its pixels below it.
    let layer = c.clone();
    let before = c.img.clone();
    let out = c.with_headline("Dee to act", WHITE, INK);
    let strip = board_px(HEADLINE_H);
    assert_eq!(out.height(), board_px(200) + strip);
    assert_eq!(out.scale(), k);
    for (x, y, p) in before.enumerate_pixels() {
        assert_eq!(out.img.get_pixel(x, y + strip), p);
    }
    // Its rule is the strip's last 2 units.
    assert_eq!(*out.img.get_pixel(5, strip - 1), INK);
    assert_eq!(*out.img.get_pixel(5, strip - 4), WHITE);
    // A layer copy draws at the board scale too.
    assert_eq!(Canvas::from_layer(&layer).scale(), k);
}

#[test]
fn scaled_to_width_keeps_the_aspect_and_never_enlarges() {
    use crate::render::png::scaled_to_width;
    let png = Canvas::new(1100, 600, WHITE).encode_png();
    let small = scaled_to_width(&png, 550).expect("decodes");
    let img = image::load_from_memory(&small).unwrap();
    assert_eq!((img.width(), img.height()), (550, 300));
    let same = scaled_to_width(&png, 2000).expect("decodes");
    let img = image::load_from_memory(&same).unwrap();
    assert_eq!((img.width(), img.height()), (1100, 600));
    assert!(scaled_to_width(b"not a png", 550).is_none());
}

fn decode_rgba(png: &[u8]) -> image::RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgba8()
}

/// Byte 25 of a PNG is the IHDR colour type; 3 is a palette image.
const PALETTE: u8 = 3;

#[test]
fn opaque_board_with_few_colours_is_an_exact_palette_png() {
    let mut c = Canvas::new(120, 80, PAPER);
    c.fill_rect(10.0, 10.0, 40.0, 30.0, INK);
    c.fill_rect(60.0, 20.0, 30.0, 50.0, rgba(200, 40, 40, 255));
    c.fill_rect(0.0, 70.0, 120.0, 10.0, rgba(7, 8, 9, 255));
    let png = c.encode_png();
    assert_eq!(png[25], PALETTE);
    assert_eq!(
        decode_rgba(&png),
        c.img,
        "a palette PNG of ≤256 colours is lossless"
    );
}

#[test]
fn many_colours_reduce_to_a_close_palette() {
    // 65,536 distinct colours: far more than a palette holds.
    let img = RgbaImage::from_fn(256, 256, |x, y| {
        image::Rgba([x as u8, y as u8, ((x + y) / 2) as u8, 255])
    });
    let c = Canvas::from_image(img);
    let png = c.encode_png();
    assert_eq!(png[25], PALETTE);
    let back = decode_rgba(&png);
    let mut worst = 0;
    let mut total = 0u64;
    for (a, b) in c.img.pixels().zip(back.pixels()) {
        for ch in 0..3 {
            let e = (i32::from(a[ch]) - i32::from(b[ch])).abs();
            worst = worst.max(e);
            total += e as u64;
        }
    }
    let mean = total as f64 / (256.0 * 256.0 * 3.0);
    assert!(worst <= 24, "worst channel error {worst}");
    assert!(mean <= 6.0, "mean channel error {mean}");
}

#[test]
fn flat_colours_survive_reduction_exactly_enough() {
    // A board-like picture: a few large flat areas plus a smooth ramp of 400 colours.
    let img = RgbaImage::from_fn(400, 200, |x, y| {
        if y < 100 {
            image::Rgba([(x % 256) as u8, (x / 2) as u8, 90, 255])
        } else if x < 200 {
            image::Rgba([240, 230, 210, 255])
        } else {
            image::Rgba([30, 90, 160, 255])
        }
    });
    let c = Canvas::from_image(img);
    let back = decode_rgba(&c.encode_png());
    for (x, y) in [(10, 150), (300, 150)] {
        let (a, b) = (c.img.get_pixel(x, y), back.get_pixel(x, y));
        for ch in 0..3 {
            assert!(
                (i32::from(a[ch]) - i32::from(b[ch])).abs() <= 4,
                "flat area at ({x},{y}) became {b:?}, was {a:?}"
            );
        }
    }
}

#[test]
fn transparent_canvas_keeps_alpha() {
    let mut c = Canvas::new(20, 10, rgba(0, 0, 0, 0));
    c.fill_rect(0.0, 0.0, 10.0, 10.0, rgba(10, 20, 30, 128));
    let back = decode_rgba(&c.encode_png());
    assert_eq!(back, c.img);
}

#[test]
fn one_translucent_pixel_at_the_end_of_a_flat_run_keeps_alpha() {
    // Same RGB as its neighbours, alpha 0: the opacity check must see it although the
    // encoder reads flat runs once.
    let mut c = Canvas::new(30, 7, PAPER);
    let last = c.img.get_pixel(29, 6).0;
    c.img.put_pixel(29, 6, rgba(last[0], last[1], last[2], 0));
    let png = c.encode_png();
    assert_ne!(
        png[25], PALETTE,
        "a picture with transparency is not a palette PNG"
    );
    assert_eq!(decode_rgba(&png), c.img);
}

#[test]
fn palette_png_rows_of_odd_width_decode_to_the_same_pixels() {
    // Each scanline has its own filter byte: an odd width and a new colour starting at each
    // row's first pixel catch an index written into the wrong row or column.
    let img = RgbaImage::from_fn(37, 11, |x, y| {
        if x == 0 {
            image::Rgba([y as u8 * 20, 0, 0, 255])
        } else {
            image::Rgba([0, (x % 5) as u8 * 50, 100, 255])
        }
    });
    let c = Canvas::from_image(img);
    let png = c.encode_png();
    assert_eq!(png[25], PALETTE);
    assert_eq!(decode_rgba(&png), c.img);
}

#[test]
fn translucent_fill_blends_each_pixel_with_what_is_under_it() {
    // Filling remembers the last blend; over a background that changes from pixel to pixel
    // every pixel must still get its own blend.
    let under = RgbaImage::from_fn(64, 32, |x, y| {
        if (x + y) % 3 == 0 {
            image::Rgba([200, 10, 10, 255])
        } else {
            image::Rgba([(x * 4) as u8, (y * 8) as u8, 90, 255])
        }
    });
    let mut c = Canvas::from_image(under.clone());
    let col = rgba(20, 120, 220, 100);
    c.fill_rect(0.0, 0.0, 64.0, 32.0, col);
    for (x, y, p) in under.enumerate_pixels() {
        let mut want = *p;
        super::raster::blend(&mut want, col, 1.0);
        assert_eq!(*c.img.get_pixel(x, y), want, "pixel ({x},{y})");
    }
}

/// The canvas records each text it draws, in pixels of its image, through a layer copy and
/// under a headline strip; a typed label too small inline, not bold, or cut at the edge
/// is named as a fault.
#[test]
fn text_marks_record_what_was_drawn_where_and_name_unreadable_labels() {
    let mut layer = Canvas::board(1000, 400, WHITE);
    layer.label(500.0, 100.0, 30.0, "Kath");
    let mut c = Canvas::from_layer(&layer);
    c.text(10.0, 200.0, 30.0, INK, "Dolpa", Align::Left);
    c.text_bold(10.0, 300.0, 12.0, INK, "Ilam", Align::Left);
    c.text_bold(990.0, 300.0, 30.0, INK, "Edge", Align::Left);
    let out = c.with_headline("Ann to act", WHITE, INK);
    let k = BOARD_SCALE;
    let strip = board_px(HEADLINE_H) as f32;
    let kath = out.marks().iter().find(|m| m.text == "Kath").unwrap();
    assert!(kath.bold && kath.halo);
    assert_eq!(kath.size, 30.0 * k);
    assert!((kath.y - (strip + 100.0 * k - kath.size * 0.5)).abs() < kath.size * 0.3);
    assert!((kath.x + kath.w / 2.0 - 500.0 * k).abs() < 1.0);
    assert!(out.marks().iter().any(|m| m.text == "Ann to act"));
    let labels = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // 30 units at 0.75 on a 750-px picture: 16.5 px inline.
    assert!(typed_label_faults(&out, &labels(&["Kath"])).is_empty());
    let faults = typed_label_faults(&out, &labels(&["Dolpa", "Ilam", "Edge", "Bara"]));
    assert_eq!(faults.len(), 4, "{faults:?}");
    assert!(faults[0].contains("bold"), "{faults:?}");
    assert!(faults[1].contains("px at 550"), "{faults:?}");
    assert!(faults[2].contains("cut"), "{faults:?}");
    assert!(faults[3].contains("not drawn"), "{faults:?}");
}

/// A headline too long for the strip is set smaller before anything is cut.
#[test]
fn a_long_headline_is_set_smaller_before_it_is_cut() {
    let c = Canvas::board(1000, 200, WHITE);
    let text = "Game over: Sherpa (normal) and Sherpa (strong) share first place with 23 VP";
    let out = c.with_headline(text, WHITE, INK);
    let m = out
        .marks()
        .iter()
        .find(|m| m.text == text)
        .expect("drawn whole");
    assert!(
        m.size < HEADLINE_PX * BOARD_SCALE && m.size >= HEADLINE_MIN_PX * BOARD_SCALE,
        "{} px, {} px wide in a {} px picture",
        m.size,
        m.w,
        out.width()
    );
}

/// The status strip under a board sets every player's name and score, the status and
/// every event of a long last turn at 9 px or more inline, whatever the board's width,
/// with nothing overlapping; text set smaller, cut or drawn over other text is named.
#[test]
fn the_status_strip_reads_inline_and_the_check_names_small_or_overlapping_text() {
    let styles = player_styles(["Ann", "Bob", "Cy"]);
    let rows: Vec<ScoreRow> = ["Ann", "Bob", "Cyrano de Bergerac the Third"]
        .iter()
        .enumerate()
        .map(|(s, n)| ScoreRow::with_vp(styles[s], n, 10 + s as i64, String::new(), None, s == 1))
        .collect();
    let status = vec!["Bob to act: grow, move or pass".to_string()];
    let events: Vec<String> = (1..=12)
        .map(|i| format!("Ann moves a piece from Gorkha to Dhading ({i} of 12)"))
        .collect();
    let mut bold: Vec<String> = status.clone();
    for r in &rows {
        bold.push(r.name.clone());
        bold.push(r.score.clone());
    }
    for units in [1000, 1600] {
        let out = Canvas::board(units, 600, WHITE).with_status_strip(&StatusStrip {
            players: &rows,
            status: &status,
            last_turn_title: "Last turn",
            last_turn: &events,
        });
        assert!(out.height() > board_px(600), "{units}");
        let faults = status_text_faults(&out, &bold, &events);
        assert!(faults.is_empty(), "{units} units: {faults:#?}");
    }
    // Too small inline (8 px on a 550-px picture), an event not drawn, and two texts on
    // top of each other.
    let mut c = Canvas::new(550, 300, WHITE);
    c.text_bold(10.0, 10.0, 8.0, INK, "Ann 12 VP", Align::Left);
    c.text(10.0, 100.0, 12.0, INK, "Bob grows Ilam", Align::Left);
    c.text_bold(12.0, 102.0, 12.0, INK, "Cy", Align::Left);
    let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let faults = status_text_faults(
        &c,
        &lines(&["Ann 12 VP"]),
        &lines(&["Bob grows Ilam", "Cy ends"]),
    );
    assert_eq!(faults.len(), 3, "{faults:#?}");
    assert!(
        faults[0].contains("`Ann 12 VP` is not drawn whole in bold"),
        "{faults:?}"
    );
    assert!(faults[1].contains("`Cy ends`"), "{faults:?}");
    assert!(faults[2].contains("overlaps"), "{faults:?}");
}

/// A very long last turn (45 events, a whole Peloria battle) is drawn whole at 9 px or
/// more inline, in three columns so the strip stays about a third as tall as one column
/// would make it; a short turn keeps one column.
#[test]
fn a_very_long_last_turn_is_drawn_whole_in_three_columns() {
    let styles = player_styles(["Ann", "Bob"]);
    let rows: Vec<ScoreRow> = ["Ann", "Bob"]
        .iter()
        .enumerate()
        .map(|(s, n)| ScoreRow::with_vp(styles[s], n, 3, String::new(), None, s == 0))
        .collect();
    let events: Vec<String> = (1..=45)
        .map(|i| format!("Event {i}: Bob's cavalry rolls a 4 and hits"))
        .collect();
    let strip = |events: &[String]| {
        Canvas::board(1460, 600, WHITE).with_status_strip(&StatusStrip {
            players: &rows,
            status: &[],
            last_turn_title: "Last turn",
            last_turn: events,
        })
    };
    let out = strip(&events);
    let faults = status_text_faults(&out, &[], &events);
    assert!(faults.is_empty(), "{faults:#?}");
    // Each event fits a third of the width on one line: 15 rows of events.
    let lefts: Vec<i32> = out
        .marks()
        .iter()
        .filter(|m| m.text.starts_with("Event "))
        .map(|m| m.x.round() as i32)
        .collect();
    let mut columns = lefts.clone();
    columns.sort();
    columns.dedup();
    assert_eq!((lefts.len(), columns.len()), (45, 3), "{columns:?}");
    let lh = out.line_height(STRIP_INLINE_PX * 1460.0 / 550.0) * BOARD_SCALE;
    let rows_tall = (out.height() - board_px(600)) as f32 / lh;
    assert!(rows_tall < 15.0 + 6.0, "{rows_tall:.1} lines tall");
    let short = strip(&events[..3]);
    let lefts: Vec<i32> = short
        .marks()
        .iter()
        .filter(|m| m.text.starts_with("Event "))
        .map(|m| m.x.round() as i32)
        .collect();
    assert!(lefts.iter().all(|&x| x == lefts[0]), "{lefts:?}");
}
