package util

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestGetReplicaSetFraction(t *testing.T) {
	tests := []struct {
		name                                           string
		replicas, statusReplicas, maxSurge, rsReplicas int32
		annotations                                    map[string]string
		expected                                       int32
	}{
		{name: "empty deployment always scales to 0", replicas: 0, rsReplicas: 10, expected: -10},
		{name: "unsynced deployment does not scale when max-replicas annotation is missing (removed by a 3rd party)", replicas: 10, rsReplicas: 5, expected: 0},
		{name: "unsynced deployment does not scale when max-replicas annotation is incorrectly set to 0 (by a 3rd party)", replicas: 10, rsReplicas: 5,
			annotations: map[string]string{MaxReplicasAnnotation: "0"}, expected: 0},
		{name: "scale up by 1/5 should increase RS replicas by 1/5 when max-replicas annotation is missing (removed by a 3rd party)",
			replicas: 120, statusReplicas: 100, rsReplicas: 50, expected: 10},
		{name: "scale up by 1/5 should increase RS replicas by 1/5 when max-replicas annotation is incorrectly set to 0 (by a 3rd party)",
			replicas: 120, statusReplicas: 100, rsReplicas: 50, annotations: map[string]string{MaxReplicasAnnotation: "0"}, expected: 10},
		{name: "scale up by 1/5 should increase RS replicas by 1/5", replicas: 120, rsReplicas: 50,
			annotations: map[string]string{MaxReplicasAnnotation: "100"}, expected: 10},
		{name: "scale up with maxSurge by 1/5 should increase RS replicas approximately by 1/5", replicas: 120, maxSurge: 10, rsReplicas: 50,
			annotations: map[string]string{MaxReplicasAnnotation: "110"}, expected: 9},
		{name: "scale down by 1/6 should decrease RS replicas by 1/6", replicas: 10, rsReplicas: 6,
			annotations: map[string]string{MaxReplicasAnnotation: "12"}, expected: -1},
		{name: "scale down with maxSurge by 1/6 should decrease RS replicas approximately by 1/6", replicas: 100, maxSurge: 10, rsReplicas: 50,
			annotations: map[string]string{MaxReplicasAnnotation: "130"}, expected: -8},
		// Kubeplay: an unparsable annotation falls back like a missing one;
		// the documented example (reference §19 b).
		{name: "unparsable annotation falls back to status.replicas", replicas: 120, statusReplicas: 100, rsReplicas: 50,
			annotations: map[string]string{MaxReplicasAnnotation: "-3"}, expected: 10},
		{name: "docs 10 -> 15: old 8", replicas: 15, maxSurge: 3, rsReplicas: 8, annotations: map[string]string{MaxReplicasAnnotation: "13"}, expected: 3},
		{name: "docs 10 -> 15: new 5", replicas: 15, maxSurge: 3, rsReplicas: 5, annotations: map[string]string{MaxReplicasAnnotation: "13"}, expected: 2},
		{name: "half rounds away from zero", replicas: 3, rsReplicas: 1, annotations: map[string]string{MaxReplicasAnnotation: "2"}, expected: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			surge, one := api.FromInt(tt.maxSurge), api.FromInt(1)
			d := &api.Deployment{
				Spec: api.DeploymentSpec{Replicas: &tt.replicas, Strategy: api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType,
					RollingUpdate: &api.RollingUpdateDeployment{MaxSurge: &surge, MaxUnavailable: &one}}},
				Status: api.DeploymentStatus{Replicas: tt.statusReplicas},
			}
			r := &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Annotations: tt.annotations}, Spec: api.ReplicaSetSpec{Replicas: &tt.rsReplicas}}
			if got := getReplicaSetFraction(r, d); got != tt.expected {
				t.Fatalf("got %d, want %d", got, tt.expected)
			}
		})
	}
}

func TestGetNonNegativeInt32FromAnnotation(t *testing.T) {
	tests := []struct {
		name        string
		annotations map[string]string
		value       int32
		valid       bool
		err         string
	}{
		{name: "invalid empty"},
		{name: "invalid", annotations: map[string]string{"test": "invalid", "foo": "2"}, err: "invalid syntax"},
		{name: "invalid negative ", annotations: map[string]string{"test": "-1", "foo": "2"}, err: "invalid syntax"},
		{name: "valid zero", annotations: map[string]string{"test": "0", "foo": "2"}, value: 0, valid: true},
		{name: "valid", annotations: map[string]string{"test": "13", "foo": "2"}, value: 13, valid: true},
		{name: "valid max", annotations: map[string]string{"test": fmt.Sprint(math.MaxInt32), "foo": "2"}, value: math.MaxInt32, valid: true},
		{name: "invalid max out of range", annotations: map[string]string{"test": fmt.Sprint(uint32(math.MaxInt32) + 1), "foo": "2"}, err: "out of range"},
		{name: "invalid max out of range 2", annotations: map[string]string{"test": fmt.Sprint(uint64(math.MaxUint32) + 1), "foo": "2"}, err: "out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Annotations: tt.annotations}}
			v, ok, err := getNonNegativeInt32FromAnnotation(r, "test")
			if v != tt.value || ok != tt.valid {
				t.Fatalf("got %d,%v want %d,%v", v, ok, tt.value, tt.valid)
			}
			if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("err = %v, want containing %q", err, tt.err)
			}
		})
	}
}
