//! host-local's range as a grid of addresses: one SVG with a path per kind of mark, not an element per
//! address (eight cards of 256 addresses changing together were thousands of elements to restyle).

use crate::i18n::{ui as t, Lang};
use crate::sim::grid::{AddressGrid, CellStatus};
use yew::prelude::*;

/// A grid cell's whole class attribute, as one static string: a card redraws 256 of them, and building
/// a class list per cell was most of a busy card's cost.
fn cell_class(status: CellStatus, next: bool) -> &'static str {
    match (status, next) {
        (CellStatus::Network, false) => "cell network",
        (CellStatus::Network, true) => "cell network cursor",
        (CellStatus::Gateway, false) => "cell gateway",
        (CellStatus::Gateway, true) => "cell gateway cursor",
        (CellStatus::Broadcast, false) => "cell broadcast",
        (CellStatus::Broadcast, true) => "cell broadcast cursor",
        (CellStatus::Reserved, false) => "cell reserved",
        (CellStatus::Reserved, true) => "cell reserved cursor",
        (CellStatus::Orphaned, false) => "cell orphaned",
        (CellStatus::Orphaned, true) => "cell orphaned cursor",
        (CellStatus::Freed, false) => "cell freed",
        (CellStatus::Freed, true) => "cell freed cursor",
        (CellStatus::Free, false) => "cell free",
        (CellStatus::Free, true) => "cell free cursor",
    }
}

/// Props of a node's address grid.
#[derive(Properties, PartialEq)]
pub struct AddressGridProps {
    /// The page's language.
    pub lang: Lang,
    /// The grid, as the simulation reads it off the store.
    pub grid: AddressGrid,
    /// The address whose file the selected log entry reserved or released, framed.
    pub touched: Option<String>,
}

/// Addresses per row of the grid.
const GRID_COLUMNS: usize = 32;
/// A cell's side in the grid's SVG units.
const CELL: usize = 10;

/// host-local's range, address by address, with a legend; drawn again only when an address changes
/// (not when, say, a pod only moves from ContainerCreating to Running).
///
/// One SVG with a path per kind of mark, not an element per address: eight cards of 256 addresses
/// changing together while a big cluster plays were thousands of elements for the browser to restyle,
/// lay out and paint on every redraw. Pointing at an address names it below the grid.
#[function_component(AddressGridView)]
pub fn address_grid_view(props: &AddressGridProps) -> Html {
    let lang = props.lang;
    let grid = &props.grid;
    let hovered = use_state(|| None::<usize>);
    let rows = grid.cells.len().div_ceil(GRID_COLUMNS).max(1);
    let marks = grid_marks(grid);
    let any_orphaned = !marks.orphaned.is_empty();
    let touched = props
        .touched
        .as_ref()
        .and_then(|ip| grid.cells.iter().position(|cell| &cell.ip == ip))
        .map(|index| {
            let (x, y) = (index % GRID_COLUMNS * CELL, index / GRID_COLUMNS * CELL);
            format!("M{x} {y}h{CELL}v{CELL}h-{CELL}z")
        });
    let svg = use_node_ref();
    let on_move = {
        let (hovered, cells, svg) = (hovered.clone(), grid.cells.len(), svg.clone());
        Callback::from(move |e: MouseEvent| {
            // The grid's own box (Yew delegates events, so the event's current target is not the SVG).
            let Some(svg) = svg.cast::<web_sys::Element>() else {
                return;
            };
            let rect = svg.get_bounding_client_rect();
            if rect.width() <= 0.0 || rect.height() <= 0.0 {
                return;
            }
            let column = ((f64::from(e.client_x()) - rect.left()) / rect.width()
                * GRID_COLUMNS as f64)
                .floor();
            let row =
                ((f64::from(e.client_y()) - rect.top()) / rect.height() * rows as f64).floor();
            let index = (column >= 0.0 && row >= 0.0)
                .then(|| row as usize * GRID_COLUMNS + column as usize)
                .filter(|index| *index < cells);
            hovered.set(index);
        })
    };
    let on_leave = {
        let hovered = hovered.clone();
        Callback::from(move |_: MouseEvent| hovered.set(None))
    };
    let readout = hovered.and_then(|index| grid.cells.get(index)).map(|cell| {
        let next = if cell.next {
            format!(" — {}", t::CELL_NEXT.get(lang))
        } else {
            String::new()
        };
        format!(
            "{} — {}{next}",
            cell.ip,
            t::cell_status(cell.status).get(lang)
        )
    });
    html! {
        <>
            <svg ref={svg} class="address-grid" role="img" aria-label={t::ADDRESSES_OF.fill(lang, &[&grid.subnet])}
                viewBox={format!("0 0 {} {}", GRID_COLUMNS * CELL, rows * CELL)} preserveAspectRatio="xMinYMin meet"
                onmousemove={on_move} onmouseleave={on_leave}>
                <path class="mark-free" d={marks.free} />
                <path class="mark-reserved" d={marks.reserved} />
                <path class="mark-orphaned" d={marks.orphaned} />
                <path class="mark-cross" d={marks.cross} />
                <path class="mark-freed" d={marks.freed} />
                <path class="mark-hatch" d={marks.hatch} />
                <path class="mark-edge" d={marks.edge} />
                <path class="mark-bars" d={marks.bars} />
                <path class="mark-gateway" d={marks.gateway} />
                <path class="mark-cursor" d={marks.cursor} />
                if let Some(d) = touched {
                    <path class="mark-touched" data-testid="grid-touched" {d} />
                }
            </svg>
            <p class="grid-readout" aria-hidden="true">{ readout.unwrap_or_default() }</p>
            if grid.truncated {
                <p class="grid-note">{ t::FIRST_ADDRESSES.fill(lang, &[&grid.cells.len().to_string(), &grid.subnet]) }</p>
            }
            <p class="grid-legend" aria-label={t::GRID_LEGEND.get(lang)}>
                { for [CellStatus::Network, CellStatus::Gateway, CellStatus::Reserved, CellStatus::Orphaned, CellStatus::Freed, CellStatus::Free, CellStatus::Broadcast].into_iter()
                    // Files of sandboxes gone with a reboot are rare: keyed only when there are some.
                    .filter(|status| *status != CellStatus::Orphaned || any_orphaned)
                    .map(|status| {
                    let label = t::cell_status(status);
                    html! { <span class="grid-key"><span class={cell_class(status, false)} aria-hidden="true"></span>{ label.get(lang) }</span> }
                }) }
                <span class="grid-key"><span class="cell free cursor" aria-hidden="true"></span>{ t::CELL_NEXT.get(lang) }</span>
            </p>
        </>
    }
}

/// The grid's marks as SVG path data, one path per look, in a unit square per address. Each role has
/// a pattern as well as a colour (as the legend's keys): free an outline, reserved solid, freed an
/// outline with diagonal hatching, network and broadcast two bars, the gateway a ring; the next
/// candidate is framed.
#[derive(Default)]
struct GridMarks {
    free: String,
    reserved: String,
    orphaned: String,
    cross: String,
    freed: String,
    hatch: String,
    edge: String,
    bars: String,
    gateway: String,
    cursor: String,
}

fn grid_marks(grid: &AddressGrid) -> GridMarks {
    use std::fmt::Write as _;
    let mut marks = GridMarks::default();
    // Writing into a `String` cannot fail. Whole units only (a cell is 10 × 10), so that no float
    // formatting code is linked in for this.
    for (index, cell) in grid.cells.iter().enumerate() {
        let (x, y) = (index % GRID_COLUMNS * CELL, index / GRID_COLUMNS * CELL);
        let square = |d: &mut String| {
            let _ = write!(d, "M{} {}h8v8h-8z", x + 1, y + 1);
        };
        match cell.status {
            CellStatus::Free => square(&mut marks.free),
            CellStatus::Reserved => square(&mut marks.reserved),
            CellStatus::Orphaned => {
                square(&mut marks.orphaned);
                let _ = write!(
                    marks.cross,
                    "M{} {}l6 6M{} {}l-6 6",
                    x + 2,
                    y + 2,
                    x + 8,
                    y + 2
                );
            }
            CellStatus::Freed => {
                square(&mut marks.freed);
                let _ = write!(
                    marks.hatch,
                    "M{} {}l6 -6M{} {}l3 -3",
                    x + 2,
                    y + 8,
                    x + 5,
                    y + 8
                );
            }
            CellStatus::Network | CellStatus::Broadcast => {
                square(&mut marks.edge);
                let _ = write!(
                    marks.bars,
                    "M{} {}h6v1h-6zM{} {}h6v1h-6z",
                    x + 2,
                    y + 3,
                    x + 2,
                    y + 6
                );
            }
            CellStatus::Gateway => {
                let _ = write!(
                    marks.gateway,
                    "M{} {}a3 3 0 1 0 6 0a3 3 0 1 0 -6 0",
                    x + 2,
                    y + 5
                );
            }
        }
        if cell.next {
            let _ = write!(marks.cursor, "M{x} {y}h10v10h-10z");
        }
    }
    marks
}
