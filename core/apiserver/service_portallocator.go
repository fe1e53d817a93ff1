// The node-port range and its allocator, as
// pkg/registry/core/service/portallocator has them: the range, its static
// and dynamic bands, and the Allocate and AllocateNext steps over the ports
// the stored Services hold (service_alloc.go).

package apiserver

import (
	"errors"
	"fmt"
	"strconv"
)

// The portallocator package's errors. The messages are upstream's.
var (
	errPortFull      = errors.New("range is full")
	errPortAllocated = errors.New("provided port is already allocated")
)

// errPortNotInRange models portallocator.ErrNotInRange.
type errPortNotInRange struct{ validPorts string }

func (e *errPortNotInRange) Error() string {
	return fmt.Sprintf("provided port is not in the valid range. The range of valid ports is %s", e.validPorts)
}

// portRange is the node-port range with its static band (portallocator
// with randomScanStrategyWithOffset).
type portRange struct {
	base, size int
	offset     int // size of the lower band (calculateRangeOffset)
}

var serviceNodePortRange = newPortRange(30000, 32767)

func newPortRange(lo, hi int) portRange {
	r := portRange{base: lo, size: hi - lo + 1}
	r.offset = portRangeOffset(r.size)
	return r
}

// portRangeOffset models portallocator.calculateRangeOffset:
// min(max(16, size/32), 128). For 30000-32767 (2768 ports) it is 86, so
// 30000-30085 is the static band.
func portRangeOffset(size int) int {
	const minOffset, maxOffset, step = 16, 128, 32
	if size <= minOffset {
		return 0
	}
	return min(max(size/step, minOffset), maxOffset)
}

func (r portRange) String() string {
	return strconv.Itoa(r.base) + "-" + strconv.Itoa(r.base+r.size-1)
}

// NodePortStaticBand returns the lower ("static") band of the node-port range:
// ports users should pick when they choose one, since random allocation
// takes them only once the upper band is full.
func NodePortStaticBand() (lo, hi int) {
	return serviceNodePortRange.base, serviceNodePortRange.base + serviceNodePortRange.offset - 1
}

// allocatePort models PortAllocator.Allocate.
func (al *serviceAllocations) allocatePort(port int) error {
	r := serviceNodePortRange
	if port < r.base || port >= r.base+r.size {
		return &errPortNotInRange{validPorts: r.String()}
	}
	if al.ports[port] {
		return errPortAllocated
	}
	al.ports[port] = true
	return nil
}

// allocateNextPort models PortAllocator.AllocateNext with
// randomScanStrategyWithOffset: a random start in the upper band
// (rand.Intn), the first free port scanning up and wrapping within the
// band, then the same in the lower band.
func (al *serviceAllocations) allocateNextPort() (int, error) {
	r := serviceNodePortRange
	upper := r.size - r.offset
	start := al.s.rng.IntN(upper)
	for i := range upper {
		if p := r.base + r.offset + (start+i)%upper; !al.ports[p] {
			al.ports[p] = true
			return p, nil
		}
	}
	if r.offset > 0 {
		start = al.s.rng.IntN(r.offset)
		for i := range r.offset {
			if p := r.base + (start+i)%r.offset; !al.ports[p] {
				al.ports[p] = true
				return p, nil
			}
		}
	}
	return 0, errPortFull
}
