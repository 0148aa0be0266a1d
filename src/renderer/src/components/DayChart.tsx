/**
 * A bar-like line chart of one figure per day (the host's server page), drawn with
 * uPlot: about 20 KiB gzip, loaded only when a host opens the page (ServerStatsPanel imports this
 * module lazily), so the first load never carries it. Colours come from the theme's custom
 * properties and are read again when the theme changes.
 */
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { DayCount } from '../../../shared/api-types'
import '../styles/server-page.css'

const HEIGHT = 160

function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

function options(label: string, width: number): uPlot.Options {
  const text = themeColour('--text-muted', '#888')
  const grid = themeColour('--border', 'rgba(128,128,128,0.2)')
  const accent = themeColour('--accent', '#7c5cff')
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } }
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { y: false },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
    axes: [
      { ...axis, space: 60 },
      { ...axis, size: 36 },
    ],
    series: [
      {},
      {
        label,
        stroke: accent,
        width: 2,
        fill: `color-mix(in srgb, ${accent} 22%, transparent)`,
        points: { show: false },
      },
    ],
  }
}

export default function DayChart({ label, days }: { label: string; days: DayCount[] }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const data: uPlot.AlignedData = [
      days.map((entry) => Date.parse(`${entry.day}T00:00:00Z`) / 1000),
      days.map((entry) => entry.count),
    ]
    let chart = new uPlot(options(label, element.clientWidth), data, element)
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: HEIGHT }),
    )
    resize.observe(element)
    // The theme's colours are drawn into the canvas: a new theme draws the chart anew.
    const themes = new MutationObserver(() => {
      chart.destroy()
      chart = new uPlot(options(label, element.clientWidth), data, element)
    })
    themes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    return () => {
      resize.disconnect()
      themes.disconnect()
      chart.destroy()
    }
  }, [label, days])
  return <div className="day-chart" ref={box} role="img" aria-label={`${label}, last 30 days`} />
}
