package controller

import (
	"errors"
	"testing"
)

// TestConsistencyStore carries over the cases of upstream's
// pkg/controller/util/consistency tests: a write is ready once the cache
// has read its resourceVersion; only newer writes raise the record; a
// record of another uid is replaced; Clear honours the uid; a nil store is
// the no-op store.
func TestConsistencyStore(t *testing.T) {
	pods := newStore()
	c := NewConsistencyStore(map[string]*Store{"pods": pods})
	if err := c.EnsureReady("ns/rs"); err != nil {
		t.Fatalf("no record: %v", err)
	}
	c.WroteAt("ns/rs", "uid-1", "pods", "10")
	c.WroteAt("ns/rs", "uid-1", "pods", "9") // older: ignored
	// A cache that has read nothing yet is not compared.
	if err := c.EnsureReady("ns/rs"); err != nil {
		t.Fatalf("empty cache RV: %v", err)
	}
	c.WroteAt("ns/rs", "uid-1", "pods", "10")
	pods.lastSyncRV = "9"
	var ce *ConsistencyError
	if err := c.EnsureReady("ns/rs"); !errors.As(err, &ce) || ce.WroteRV != "10" || ce.ReadRV != "9" {
		t.Fatalf("cache at 9, wrote 10: %v", err)
	}
	pods.lastSyncRV = "10"
	if err := c.EnsureReady("ns/rs"); err != nil {
		t.Fatalf("cache caught up: %v", err)
	}
	if c.writes["ns/rs"] != nil {
		t.Error("a ready record is not forgotten")
	}
	// Another uid replaces the record; Clear with the wrong uid keeps it.
	c.WroteAt("ns/rs", "uid-1", "pods", "20")
	c.WroteAt("ns/rs", "uid-2", "pods", "15")
	if c.writes["ns/rs"].uid != "uid-2" || c.writes["ns/rs"].versions["pods"] != "15" {
		t.Errorf("record %+v, want uid-2 at 15", c.writes["ns/rs"])
	}
	c.Clear("ns/rs", "uid-1")
	if c.writes["ns/rs"] == nil {
		t.Error("Clear with another uid removed the record")
	}
	c.Clear("ns/rs", "")
	if c.writes["ns/rs"] != nil {
		t.Error("Clear without a uid kept the record")
	}
	var off *ConsistencyStore
	off.WroteAt("ns/rs", "uid", "pods", "99")
	if err := off.EnsureReady("ns/rs"); err != nil {
		t.Errorf("nil store: %v", err)
	}
}
