package session

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// ChartTicks is how many ticks the replica chart spans, ending at the tick
// shown.
const ChartTicks = 300

// maxChartSeries bounds the ReplicaSets one tick records for the chart.
const maxChartSeries = 64

// series records, for each of the last ChartTicks ticks a world passed,
// every ReplicaSet's desired, current and ready counts. It is a ring indexed
// by tick, so recording is O(ReplicaSets) and memory is bounded.
type series struct {
	ring [ChartTicks]tickPoints
	// ids interns ReplicaSet identities; names[id] is the identity.
	ids   map[string]int32
	names []rsIdentity
}

type tickPoints struct {
	tick   int64 // the tick these points are for; -1 when unset
	points []rsPoint
}

type rsPoint struct {
	id                      int32
	revision                int32
	desired, current, ready int32
}

type rsIdentity struct {
	namespace, name, deployment string
	key                         string // namespace/name/uid, as ids has it
}

func newSeries() *series {
	s := &series{ids: map[string]int32{}}
	for i := range s.ring {
		s.ring[i].tick = -1
	}
	return s
}

// record sets the points of tick from the ReplicaSet cache, replacing what
// an earlier call recorded for the same tick.
func (s *series) record(tick int64, rss []api.Object) {
	slot := &s.ring[tick%ChartTicks]
	points := slot.points[:0] // charts copy what they read, so the slice can be reused
	for _, o := range rss {
		if len(points) == maxChartSeries {
			break
		}
		rs := o.(*api.ReplicaSet)
		owner := ""
		if ref := controllerRef(&rs.ObjectMeta); ref != nil && ref.Kind == "Deployment" {
			owner = ref.Name
		}
		key := rs.Namespace + "/" + rs.Name + "/" + rs.UID
		id, ok := s.ids[key]
		if !ok {
			id = int32(len(s.names))
			s.ids[key] = id
			s.names = append(s.names, rsIdentity{rs.Namespace, rs.Name, owner, key})
		}
		points = append(points, rsPoint{
			id:       id,
			revision: int32(revisionOf(rs)),
			desired:  deref(rs.Spec.Replicas, 1),
			current:  rs.Status.Replicas,
			ready:    rs.Status.ReadyReplicas,
		})
	}
	slot.tick, slot.points = tick, points
	s.trimNames()
}

// trimNames forgets identities no recorded tick refers to, once there are
// many of them (a long session that created and deleted many ReplicaSets).
func (s *series) trimNames() {
	if len(s.names) < 8*maxChartSeries {
		return
	}
	used := make([]bool, len(s.names))
	for _, tp := range s.ring {
		for _, p := range tp.points {
			used[p.id] = true
		}
	}
	remap := make([]int32, len(s.names))
	var names []rsIdentity
	for id, n := range s.names {
		remap[id] = -1
		if used[id] {
			remap[id] = int32(len(names))
			names = append(names, n)
		}
	}
	ids := make(map[string]int32, len(names))
	for key, id := range s.ids {
		if r := remap[id]; r >= 0 {
			ids[key] = r
		}
	}
	for i := range s.ring {
		for j := range s.ring[i].points {
			p := &s.ring[i].points[j]
			p.id = remap[p.id]
		}
	}
	s.names, s.ids = names, ids
}

// chart returns the chart of the ChartTicks ticks ending at tick.
func (s *series) chart(tick int64) *Chart {
	from := max(0, tick-ChartTicks+1)
	c := &Chart{From: from, To: tick, Series: []*Series{}}
	type line struct {
		sr       *Series
		last     [3]int64
		present  bool
		first    int64
		revision int32
	}
	// By interned id, which is dense: 300 ticks of 100 ReplicaSets are
	// 30,000 points to walk at every view.
	byID := make([]*line, len(s.names))
	var order []*line
	gone := [3]int64{-1, -1, -1}
	for t := from; t <= tick; t++ {
		slot := &s.ring[t%ChartTicks]
		if slot.tick != t {
			continue // a tick the world did not pass (before a load's first)
		}
		for _, l := range order {
			l.present = false
		}
		for _, p := range slot.points {
			l := byID[p.id]
			if l == nil {
				id := s.names[p.id]
				l = &line{sr: &Series{Name: id.name, Deployment: id.deployment, Points: [][4]int64{}}, last: gone, first: t}
				byID[p.id] = l
				order = append(order, l)
			}
			l.present = true
			v := [3]int64{int64(p.desired), int64(p.current), int64(p.ready)}
			if v != l.last || len(l.sr.Points) == 0 {
				l.sr.Points = append(l.sr.Points, [4]int64{t, v[0], v[1], v[2]})
				l.last = v
			}
			if p.revision > 0 && p.revision != l.revision {
				l.revision, l.sr.Revision = p.revision, strconv.Itoa(int(p.revision))
			}
		}
		for _, l := range order {
			if !l.present && l.last != gone {
				l.sr.Points = append(l.sr.Points, [4]int64{t, -1, -1, -1})
				l.last = gone
			}
		}
	}
	slices.SortStableFunc(order, func(a, b *line) int {
		if a.first != b.first {
			if a.first < b.first {
				return -1
			}
			return 1
		}
		return strings.Compare(a.sr.Name, b.sr.Name)
	})
	for _, l := range order {
		c.Series = append(c.Series, l.sr)
	}
	return c
}

// rsLister is what series.record reads: the ReplicaSet informer cache.
func rsObjects(in *controller.Informers) []api.Object {
	return in.Lister(kindReplicaSet).List("", nil)
}
